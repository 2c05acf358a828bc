//! A new board («Новая доска», for the person whose boards are open) or a board renamed.
import { DialogFooter } from '../../components/DialogFooter';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { z } from '../../lib/forms';
import type { OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { boardsApi, type Board } from './api';

const schema = z.object({ name: z.string().trim().min(1) });

export function BoardNameDialog({ open, close, owner, board }: OverlayProps<Board> & { owner: number; board?: Board }) {
  const form = useForm({
    schema,
    initial: { name: board?.name ?? '' },
    submit: async ({ name }) => {
      const saved = board ? await boardsApi.rename(board.id, name) : await boardsApi.create({ name, owner_id: owner });
      close(saved);
      addToast({ color: 'success', title: board ? 'Доска переименована' : 'Доска создана', description: saved.name });
    },
  });
  return (
    <Modal open={open} close={() => close()} title={board ? 'Переименовать доску' : 'Новая доска'}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <Field label="Название" autoComplete="off" maxLength={100} placeholder="Например, «Учебный год»" {...form.field('name')} />
        <DialogFooter stray={form.stray} pending={form.pending} editing={Boolean(board)} onCancel={() => close()} />
      </form>
    </Modal>
  );
}
