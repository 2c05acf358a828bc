//! The form fields the catalogue's dialogs share: a date (a price is `lib/money`'s `priceField`).
import { isoFromRuDate, z } from '../../lib/forms';

/** A date typed as ДД.ММ.ГГГГ, sent as `YYYY-MM-DD`; empty is allowed only when `optional`. */
export const ruDateField = (optional: boolean) =>
  z
    .string()
    .trim()
    .refine((typed) => (optional && typed === '') || isoFromRuDate(typed) !== null, { message: 'Введите дату в формате ДД.ММ.ГГГГ' })
    .transform((typed) => (typed === '' ? null : isoFromRuDate(typed)));
