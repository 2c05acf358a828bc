//! Money typed by a person: roubles with kopecks («1 234,50», «1500 ₽», spaces, a comma or a
//! point) read into kopecks, kopecks written back for a field to edit, and the form field of
//! an optional price (the catalogue's dialogs, the group form, a one-off lesson).
import { z } from './forms';

/** A price typed in roubles («1 234,50», «1500») in kopecks; null when empty; undefined when not a price. */
export function parseRoubles(typed: string): number | null | undefined {
  const compact = typed.replace(/[\s\u00a0\u202f₽]/g, '').replace(',', '.');
  if (compact === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return undefined;
  return Math.round(Number(compact) * 100);
}

/** Kopecks as a price field shows them for editing: «1234,50», «1500»; '' for none. */
export function roublesField(kopecks: number | null | undefined): string {
  if (kopecks == null) return '';
  const roubles = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  return rest ? `${roubles},${String(rest).padStart(2, '0')}` : String(roubles);
}

/** An optional price in roubles, sent as kopecks or null. */
export const priceField = z
  .string()
  .refine((typed) => parseRoubles(typed) !== undefined, { message: 'Введите цену в рублях, например 1 500 или 1 500,50' })
  .transform((typed) => parseRoubles(typed) ?? null);

/** The most one ledger entry may carry: 10 000 000 ₽ (the server's limit). */
export const MAX_AMOUNT = 10_000_000_00;

/** A payment's or a charge's amount typed in roubles, in kopecks: required, above zero, within the limit. */
export const amountField = z
  .string()
  .refine((typed) => typed.trim() !== '', { message: 'Введите сумму' })
  .refine((typed) => typed.trim() === '' || parseRoubles(typed) !== undefined, { message: 'Введите сумму в рублях, например 1 500 или 1 500,50' })
  .refine((typed) => !((parseRoubles(typed) ?? 1) <= 0), { message: 'Сумма должна быть больше нуля' })
  .refine((typed) => (parseRoubles(typed) ?? 0) <= MAX_AMOUNT, { message: 'Не больше 10 000 000 ₽ за одну запись' })
  .transform((typed) => parseRoubles(typed) ?? 0);
