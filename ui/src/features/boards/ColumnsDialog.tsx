//! A board's columns edited together: rename, move up or down, add, remove; saved as the full
//! list in its new order (`PUT /api/boards/{id}`). The server refuses to remove a column that
//! still has cards, and its message is shown here.
import { useState, type FormEvent } from 'react';
import { DialogFooter } from '../../components/DialogFooter';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { ApiError } from '../../lib/api/client';
import type { OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { boardsApi, type Board, type Column } from './api';

interface Draft {
  key: number;
  id: number | null;
  name: string;
}

let nextKey = 1;

export function ColumnsDialog({ open, close, board }: OverlayProps<Board> & { board: { id: number; name: string; columns: readonly Column[] } }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => board.columns.map((column) => ({ key: nextKey++, id: column.id, name: column.name })));
  const [problems, setProblems] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  const change = (next: Draft[]) => {
    setDrafts(next);
    setProblems([]);
  };
  const swap = (at: number, by: number) => {
    const next = [...drafts];
    [next[at], next[at + by]] = [next[at + by], next[at]];
    change(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (drafts.some((draft) => !draft.name.trim())) {
      setProblems(['У каждой колонки должно быть название']);
      return;
    }
    setPending(true);
    try {
      const saved = await boardsApi.setColumns(board.id, drafts.map((draft) => ({ id: draft.id, name: draft.name.trim() })));
      close(saved);
      addToast({ color: 'success', title: 'Колонки сохранены', description: saved.name });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        const messages = [...new Set(Object.values(failure.fieldErrors).filter(Boolean))];
        setProblems(messages.length > 0 ? messages : [failure.message]);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} close={() => close()} title={`Колонки доски «${board.name}»`}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ol className="columns-editor">
          {drafts.map((draft, index) => (
            <li key={draft.key}>
              <input
                type="text"
                value={draft.name}
                maxLength={60}
                aria-label={`Название колонки ${index + 1}`}
                onChange={(event) => change(drafts.map((other) => (other.key === draft.key ? { ...other, name: event.target.value } : other)))}
              />
              <button type="button" className="secondary outline" disabled={index === 0} aria-label={`Выше: «${draft.name}»`} onClick={() => swap(index, -1)}>
                ↑
              </button>
              <button type="button" className="secondary outline" disabled={index === drafts.length - 1} aria-label={`Ниже: «${draft.name}»`} onClick={() => swap(index, 1)}>
                ↓
              </button>
              <button
                type="button"
                className="secondary outline"
                disabled={drafts.length === 1}
                aria-label={`Убрать колонку «${draft.name}»`}
                onClick={() => change(drafts.filter((other) => other.key !== draft.key))}
              >
                <Icon name="trash" size={18} />
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="secondary" onClick={() => change([...drafts, { key: nextKey++, id: null, name: '' }])}>
          <Icon name="plus" size={18} /> Добавить колонку
        </button>
        <DialogFooter stray={problems} pending={pending} editing onCancel={() => close()} />
      </form>
    </Modal>
  );
}
