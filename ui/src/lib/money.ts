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
