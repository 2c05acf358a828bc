//! «Сторно» of one entry: what it cancels and its reason (required); the reversal is a new entry,
//! the old one stays in the ledger struck out.
import { Field } from '../../components/Field';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { api } from '../../lib/api/client';
import { formatDate } from '../../lib/format';
import { reversalEffect, signedMoney, type LedgerEntry } from '../../lib/ledger';
import { ask, type OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { reverseSchema } from './payments';

function ReverseDialog({ open, close, entry }: OverlayProps & { entry: LedgerEntry }) {
  const form = useForm({
    schema: reverseSchema,
    initial: { reason: '' },
    submit: async (data) => {
      await api(`${endpoints.payments}/${entry.id}/reverse`, { method: 'POST', body: data });
      addToast({ color: 'success', title: 'Запись сторнирована' });
      close(true);
    },
  });
  return (
    <Modal open={open} close={() => close(false)} title="Сторнировать запись">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <p>
          {entry.student_name}: {entry.title}, {formatDate(entry.date)}, {signedMoney(entry.effect)}. Запись останется в истории, а
          её сумма вернётся на баланс с обратным знаком.
          {reversalEffect(entry) && ` ${reversalEffect(entry)}`}
        </p>
        <Field label="Причина" autoComplete="off" {...form.field('reason')} />
        <DialogFooter stray={form.stray} pending={form.pending} editing={false} action="Сторнировать" danger onCancel={() => close(false)} />
      </form>
    </Modal>
  );
}

/** Asks for the reason and reverses `entry`; true once reversed. */
export const reverseEntry = (entry: LedgerEntry) => ask(ReverseDialog, { entry });
