//! The money lists' filters (kept in the address): the school's ledger and its history by days,
//! kind, method and student; one student's ledger by page. And what a payment form sends.
import { day, defineFilters, id, kept, oneOf, perPage, prefixed } from '../../lib/filters';
import { KINDS, METHODS } from '../../lib/ledger';
import { amountField } from '../../lib/money';
import { ruDate, z } from '../../lib/forms';
import type { UserCard } from '../../lib/person';

/** `/payments` and `/history/payments`: `?from&to&kind&method&student`. */
export const schoolLedgerFilters = defineFilters(
  'payments_list',
  {
    from: day(),
    to: day(),
    kind: oneOf(KINDS),
    method: oneOf(METHODS),
    student: id({ api: 'student_id' }),
    perPage: perPage([20, 50, 100]),
  },
  // A period typed backwards is turned round.
  (values) => (values.from && values.to && values.from > values.to ? { ...values, from: values.to, to: values.from } : values),
);

/** `/users/{id}/payments`: the page of the ledger. */
export const studentLedgerFilters = defineFilters('users_payments', { perPage: perPage([20, 50, 100]) });

/** The ledger filters of student `id`: under his own address parameters (`7-page`) when his
 *  ledger `shares` the page with others (a parent's children), else as a single ledger's. */
export const ledgerFiltersOf = (id: number, shares: boolean) => (shares ? prefixed(studentLedgerFilters, `${id}-`) : studentLedgerFilters);

/** `/payments?tab=debtors`: the page of the debtors, 50 a page. */
export const debtorFilters = defineFilters('payments_debtors', { tab: kept('debtors'), perPage: perPage([50]) });

/** The staff page's two views: the ledger (default) or the debtors (`?tab=debtors`). */
export type PaymentsTab = 'ledger' | 'debtors';
export const tabOf = (params: URLSearchParams): PaymentsTab => (params.get('tab') === 'debtors' ? 'debtors' : 'ledger');

/** The «Принять оплату» form: a student, an amount in roubles, a method, a day, a note. */
export const paymentSchema = z.object({
  amount: amountField,
  method: z.enum(METHODS as [string, ...string[]]),
  date: ruDate(),
  note: z.string().trim(),
});

/** What a manager charges by hand (lessons and packages charge themselves), «Прочее» first. */
export const MANUAL_REASONS = ['other', 'course'] as const;

/** The «Списать» form: an amount in roubles, what for, a day, a note (money handed back to a
 *  family is not a charge: it is «Вернуть деньги», or «Вернуть остаток» of a package). */
export const chargeSchema = z.object({
  amount: amountField,
  reason: z.enum(MANUAL_REASONS),
  date: ruDate(),
  note: z.string().trim(),
});

/** The reverse dialog: its reason is required. */
export const reverseSchema = z.object({ reason: z.string().trim().min(1, 'Укажите причину сторнирования') });

/** What a form's day sends: nothing for an empty field (the server takes the school's today). */
export const dayOrNone = (day: string) => day || undefined;

/** «Продать абонемент»: a subject (or any lesson), 1–200 lessons, a price, the valid days. */
export const packageSchema = z.object({
  /** What it covers: «» any lesson, «subject:5» a subject's, «course:3» a course's. */
  covers: z.string().transform((typed) => {
    const [kind, id] = typed.split(':');
    if (kind === 'course') return { course_id: Number(id) };
    if (kind === 'subject') return { subject_id: Number(id) };
    return {};
  }),
  lessons_total: z
    .string()
    .refine((typed) => /^\d+$/.test(typed.trim()) && Number(typed) >= 1 && Number(typed) <= 200, { message: 'От 1 до 200 занятий' })
    .transform(Number),
  price: amountField,
  valid_from: ruDate({ required: true }),
  valid_to: ruDate({ required: true }),
  note: z.string().trim(),
});

/** «Вернуть остаток» of a package: the amount in roubles (the server refuses more than the
 *  unused part) and a note. */
export const refundSchema = z.object({
  amount: amountField,
  note: z.string().trim(),
});

/** «Заморозить»: the days (both included) and a reason. */
export const freezeSchema = z.object({
  from: ruDate({ required: true }),
  to: ruDate({ required: true }),
  reason: z.string().trim().min(1, 'Укажите причину'),
});

/** What a person's «Оплаты» tab shows: a student's own money (with a manager's buttons, unless he
 *  is deleted: the server takes no payment and sells no package to him), a parent's children's,
 *  or a note for anyone else (nobody else has a ledger). */
export type CardMoney = { show: 'own'; manager: boolean } | { show: 'children'; ids: readonly number[] } | { show: 'none' };

/** `card`'s «Оплаты» tab as `manager` (or not) sees it. */
export function cardMoney(card: Pick<UserCard, 'roles' | 'children_ids' | 'deleted_at'>, manager: boolean): CardMoney {
  if (card.roles.includes('student')) return { show: 'own', manager: manager && card.deleted_at == null };
  if (card.children_ids.length > 0) return { show: 'children', ids: card.children_ids };
  return { show: 'none' };
}
