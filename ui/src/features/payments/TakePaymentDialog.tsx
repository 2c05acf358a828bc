//! «Принять оплату»: the student (searched by name unless the page is his), the amount in roubles
//! (a comma or a point), the method, the day (the school's today when empty) and a note; the
//! student's balance is shown before saving, and the new one after.
import { useState } from 'react';
import { Field } from '../../components/Field';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { PersonField } from '../../components/PeoplePicker';
import type { Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { formatMoney } from '../../lib/format';
import { balanceTone, balanceWords, METHOD_NAMES, METHODS, useStudentMoney } from '../../lib/ledger';
import { ask, type OverlayProps } from '../../lib/overlays';
import { useRequestKey } from '../../lib/requestKey';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { dayOrNone, paymentSchema } from './payments';

interface Student {
  id: number;
  full_name?: string;
}

interface Props {
  /** The student already chosen (his card, a debtor's row); else the dialog searches. */
  student?: Student;
}

/** The student's balance before saving: «Баланс: долг 1 500,00 ₽». */
export function BalanceBefore({ id }: { id: number }) {
  const { money } = useStudentMoney(id);
  if (!money) return <p aria-busy="true">Загружаем баланс…</p>;
  return (
    <p className="payment-balance" data-tone={balanceTone(money.balance)}>
      Баланс сейчас: <strong>{formatMoney(money.balance)}</strong> <span className="muted">({balanceWords(money.balance).toLocaleLowerCase('ru-RU')})</span>
    </p>
  );
}

/** A select of the payment methods (cash, card, transfer) under `label`, with its field's message. */
export function MethodSelect({ label, value, onChange, error }: { label: string; value: string; onChange: (method: string) => void; error?: string }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined}>
        {METHODS.map((method) => (
          <option key={method} value={method}>
            {METHOD_NAMES[method]}
          </option>
        ))}
      </select>
      {error && <small>{error}</small>}
    </label>
  );
}

function TakePaymentDialog({ open, close, student: given }: OverlayProps & Props) {
  const [student, setStudent] = useState<Student | null>(given ?? null);
  const [studentError, setStudentError] = useState<string>();
  const headers = useRequestKey();
  const form = useForm({
    schema: paymentSchema,
    initial: { amount: '', method: 'cash', date: '', note: '' },
    submit: async (data) => {
      if (!student) {
        setStudentError('Выберите ученика');
        return;
      }
      const saved = await api<Ok<'payments_create'>>(endpoints.payments, {
        method: 'POST',
        headers,
        body: { student_id: student.id, amount: data.amount, method: data.method, date: dayOrNone(data.date), note: data.note || undefined },
      });
      addToast({ color: 'success', title: `Оплата ${formatMoney(saved.data.amount)} принята`, description: `${saved.data.student_name}: баланс ${formatMoney(saved.balance)}` });
      close(true);
    },
  });
  const studentMessage = studentError ?? form.errors.student_id;
  return (
    <Modal open={open} close={() => close(false)} title="Принять оплату">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        {given ? (
          <p>
            Ученик: <strong>{given.full_name}</strong>
          </p>
        ) : (
          <div className="payment-student">
            <span>Ученик</span>
            <PersonField
              label="Ученик"
              role="student"
              person={student}
              onChange={(person) => {
                setStudent(person);
                setStudentError(undefined);
              }}
            />
            {studentMessage && <small className="field-error">{studentMessage}</small>}
          </div>
        )}
        {student && <BalanceBefore id={student.id} />}
        <Field label="Сумма, ₽" inputMode="decimal" autoComplete="off" placeholder="1 500,00" {...form.field('amount')} />
        <MethodSelect label="Способ оплаты" value={form.values.method} onChange={(method) => form.set('method', method)} error={form.errors.method} />
        <Field label="Дата" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" autoComplete="off" hint="Пусто — сегодня" {...form.field('date')} />
        <Field label="Примечание" autoComplete="off" {...form.field('note')} />
        <DialogFooter
          stray={form.stray.filter((message) => message !== studentMessage)}
          pending={form.pending}
          editing={false}
          action="Принять оплату"
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}

/** Opens «Принять оплату»; true once a payment is recorded. */
export const takePayment = (props: Props = {}) => ask(TakePaymentDialog, props);
