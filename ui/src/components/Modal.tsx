//! A modal dialog on the native <dialog> (focus trap, Esc) styled by Pico: it opens on its action
//! or first field and gives the focus back to what opened it when it closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { OverlayProps } from '../lib/overlays';

interface Props extends OverlayProps {
  title: string;
  children: ReactNode;
}

/** The fields a person can type in or choose from. */
const FIELDS = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * Where an opened dialog puts the focus: on the element marked `data-autofocus` (a confirmation's
 * action, so Enter goes ahead), else in its first field, else nowhere of ours (the browser's choice).
 */
function startingPoint(dialog: HTMLElement): HTMLElement | null {
  return dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FIELDS);
}

export function Modal({ open, close, title, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement;
    if (!element.open) element.showModal();
    startingPoint(element)?.focus();
    // Closed or dropped (a one-question dialog is unmounted at once): back to what opened it.
    return () => {
      if (element.open) element.close();
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => event.target === dialog.current && close()}
    >
      <article>
        <header>
          <button type="button" aria-label="Закрыть" rel="prev" onClick={() => close()} />
          <h2 id={titleId}>{title}</h2>
        </header>
        {children}
      </article>
    </dialog>
  );
}
