//! «Списать» (a manager, on a student's money): a charge by hand — for a course or «Прочее»
//! (books, a trip) — with the amount in roubles, the day (the
//! school's today when empty) and a note; the balance is shown before saving, the new one after.
import { Field } from '../../components/Field';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import type { Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { formatMoney } from '../../lib/format';
import { REASON_NAMES } from '../../lib/ledger';
import { ask, type OverlayProps } from '../../lib/overlays';
import { useRequestKey } from '../../lib/requestKey';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { chargeSchema, dayOrNone, MANUAL_REASONS } from './payments';
import { BalanceBefore } from './TakePaymentDialog';

interface Student {
  id: number;
  full_name: string;
}

function ChargeDialog({ open, close, student }: OverlayProps & { student: Student }) {
  const headers = useRequestKey();
  const form = useForm({
    schema: chargeSchema,
    initial: { amount: '', reason: 'other', date: '', note: '' },
    submit: async (data) => {
      const saved = await api<Ok<'payments_create'>>(endpoints.payments, {
        method: 'POST',
        headers,
        body: { student_id: student.id, kind: 'charge', amount: data.amount, reason: data.reason, date: dayOrNone(data.date), note: data.note || undefined },
      });
      addToast({ color: 'success', title: `Списано ${formatMoney(saved.data.amount)}`, description: `${saved.data.student_name}: баланс ${formatMoney(saved.balance)}` });
      close(true);
    },
  });
  return (
    <Modal open={open} close={() => close(false)} title={`Списать: ${student.full_name}`}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <BalanceBefore id={student.id} />
        <Field label="Сумма, ₽" inputMode="decimal" autoComplete="off" placeholder="1 500,00" {...form.field('amount')} />
        <label>
          За что
          <select value={form.values.reason} onChange={(event) => form.set('reason', event.target.value as (typeof MANUAL_REASONS)[number])} aria-invalid={form.errors.reason ? true : undefined}>
            {MANUAL_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REASON_NAMES[reason]}
              </option>
            ))}
          </select>
          {form.errors.reason && <small>{form.errors.reason}</small>}
        </label>
        <Field label="Дата" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" autoComplete="off" hint="Пусто — сегодня" {...form.field('date')} />
        <Field label="Примечание" autoComplete="off" hint="Например: учебники, экскурсия" {...form.field('note')} />
        <DialogFooter stray={form.stray} pending={form.pending} editing={false} action="Списать" onCancel={() => close(false)} />
      </form>
    </Modal>
  );
}

/** Opens «Списать» for `student`; true once the charge is recorded. */
export const chargeStudent = (student: Student) => ask(ChargeDialog, { student });
