//! Money given back, by a manager: «Вернуть остаток» of a package (its unused part, or less, goes
//! back to the student's balance and the package ends) and «Вернуть деньги» (money paid out of
//! the balance to the client in cash, to a card or by transfer, never more than the balance).
import { Field } from '../../components/Field';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import type { Body, Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { formatMoney } from '../../lib/format';
import { packageTitle, type MoneyPackage } from '../../lib/ledger';
import { parseRoubles, roublesField } from '../../lib/money';
import { ask, type OverlayProps } from '../../lib/overlays';
import { plural } from '../../lib/plural';
import { useRequestKey } from '../../lib/requestKey';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { dayOrNone, paymentSchema, refundSchema } from './payments';
import { BalanceBefore, MethodSelect } from './TakePaymentDialog';

interface Student {
  id: number;
  full_name: string;
}

/** «3 занятия». */
const lessons = (count: number) => plural(count, ['занятие', 'занятия', 'занятий']);

/** The submit button's words: «Вернуть 4 800,00 ₽» once the amount reads as money. */
function giveBack(typed: string, tail = ''): string {
  const kopecks = parseRoubles(typed);
  return kopecks ? `Вернуть ${formatMoney(kopecks)}${tail}` : 'Вернуть';
}

function RefundPackageDialog({ open, close, item }: OverlayProps & { item: MoneyPackage }) {
  const form = useForm({
    schema: refundSchema,
    initial: { amount: roublesField(item.refundable), note: '' },
    submit: async (data) => {
      const body: Body<'packages_refund'> = { amount: data.amount, note: data.note || undefined };
      const saved = await api<Ok<'packages_refund'>>(`${endpoints.packages}/${item.id}/refund`, { method: 'POST', body });
      addToast({ color: 'success', title: `Остаток возвращён: ${formatMoney(data.amount)}`, description: `${saved.data.student_name}: баланс ${formatMoney(saved.balance)}` });
      close(true);
    },
  });
  const left = lessons(item.lessons_left);
  return (
    <Modal open={open} close={() => close(false)} title={`Вернуть остаток: ${packageTitle(item)}`}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <p>
          {item.student_name}: не использовано {left} из {item.lessons_total}, их часть цены — <strong>{formatMoney(item.refundable)}</strong>. Сумма
          вернётся на баланс ученика, а абонемент закроется: он больше не покроет ни одного занятия.
        </p>
        <Field
          label="Сумма к возврату, ₽"
          inputMode="decimal"
          autoComplete="off"
          hint={`Не больше ${formatMoney(item.refundable)}`}
          {...form.field('amount')}
        />
        <Field label="Примечание" autoComplete="off" {...form.field('note')} />
        <DialogFooter
          stray={form.stray}
          pending={form.pending}
          editing={false}
          action={giveBack(form.values.amount, ` за ${left}`)}
          danger
          onCancel={() => close(false)}
        />
      </form>
    </Modal>
  );
}

function PayOutDialog({ open, close, student, balance }: OverlayProps & { student: Student; balance: number }) {
  const headers = useRequestKey();
  const form = useForm({
    schema: paymentSchema,
    initial: { amount: roublesField(balance), method: 'cash', date: '', note: '' },
    submit: async (data) => {
      const saved = await api<Ok<'payments_create'>>(endpoints.payments, {
        method: 'POST',
        headers,
        body: { student_id: student.id, kind: 'refund', amount: data.amount, method: data.method, date: dayOrNone(data.date), note: data.note || undefined },
      });
      addToast({ color: 'success', title: `Выдано ${formatMoney(saved.data.amount)}`, description: `${saved.data.student_name}: баланс ${formatMoney(saved.balance)}` });
      close(true);
    },
  });
  return (
    <Modal open={open} close={() => close(false)} title={`Вернуть деньги: ${student.full_name}`}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <BalanceBefore id={student.id} />
        <p className="muted">Деньги с баланса выдаются клиенту; не больше, чем на балансе.</p>
        <Field label="Сумма, ₽" inputMode="decimal" autoComplete="off" {...form.field('amount')} />
        <MethodSelect label="Как выданы" value={form.values.method} onChange={(method) => form.set('method', method)} error={form.errors.method} />
        <Field label="Дата" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" autoComplete="off" hint="Пусто — сегодня" {...form.field('date')} />
        <Field label="Примечание" autoComplete="off" {...form.field('note')} />
        <DialogFooter stray={form.stray} pending={form.pending} editing={false} action={giveBack(form.values.amount)} danger onCancel={() => close(false)} />
      </form>
    </Modal>
  );
}

/** Opens «Вернуть остаток» of `item`; true once its unused part is given back. */
export const refundPackage = (item: MoneyPackage) => ask(RefundPackageDialog, { item });

/** Opens «Вернуть деньги» for `student` with `balance` kopecks on it; true once paid out. */
export const payOut = (student: Student, balance: number) => ask(PayOutDialog, { student, balance });
