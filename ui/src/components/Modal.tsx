//! A modal dialog on the native <dialog> (focus trap, Esc) styled by Pico.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { OverlayProps } from '../lib/overlays';

interface Props extends OverlayProps {
  title: string;
  children: ReactNode;
}

export function Modal({ open, close, title, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // A dialog with a form starts in its first field rather than on the close button.
      element.querySelector<HTMLElement>('input, select, textarea')?.focus();
    }
    if (!open && element.open) element.close();
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
