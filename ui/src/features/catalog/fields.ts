//! The form fields the catalogue's dialogs share: a price typed in roubles (may be empty), a date.
import { isoFromRuDate, z } from '../../lib/forms';
import { parseRoubles } from './catalog';

/** A price in roubles, sent as kopecks or null. */
export const priceField = z
  .string()
  .refine((typed) => parseRoubles(typed) !== undefined, { message: 'Введите цену в рублях, например 1 500 или 1 500,50' })
  .transform((typed) => parseRoubles(typed) ?? null);

/** A date typed as ДД.ММ.ГГГГ, sent as `YYYY-MM-DD`; empty is allowed only when `optional`. */
export const ruDateField = (optional: boolean) =>
  z
    .string()
    .trim()
    .refine((typed) => (optional && typed === '') || isoFromRuDate(typed) !== null, { message: 'Введите дату в формате ДД.ММ.ГГГГ' })
    .transform((typed) => (typed === '' ? null : isoFromRuDate(typed)));
