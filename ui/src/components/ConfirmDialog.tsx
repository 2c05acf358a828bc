//! "Are you sure?" before a destructive or far-reaching action: `await confirm({...})` is true
//! only when the user pressed the action's button (Esc, the backdrop and «Отмена» say no).
import type { ReactNode } from 'react';
import { createOverlay, openOverlay, type OverlayProps } from '../lib/overlays';
import { Modal } from './Modal';

interface Question {
  title: string;
  message: ReactNode;
  /** The button that goes ahead, e.g. «Удалить». */
  action: string;
  /** Paints the action red (deleting, removing). */
  danger?: boolean;
}

function ConfirmDialog({ open, close, title, message, action, danger }: OverlayProps & Question) {
  return (
    <Modal open={open} close={() => close(false)} title={title}>
      <p>{message}</p>
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={() => close(false)}>
          Отмена
        </button>
        <button type="button" className={danger ? 'danger' : undefined} data-autofocus onClick={() => close(true)}>
          {action}
        </button>
      </footer>
    </Modal>
  );
}

export async function confirm(question: Question): Promise<boolean> {
  const id = createOverlay(ConfirmDialog, { props: question, destroyOnClose: true });
  return (await openOverlay<boolean>(id)) === true;
}
