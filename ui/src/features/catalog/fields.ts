//! The form fields the catalogue's dialogs share: a date (a price is `lib/money`'s `priceField`).
import { ruDate } from '../../lib/forms';

/** A date typed as ДД.ММ.ГГГГ, sent as `YYYY-MM-DD` (null when empty, allowed only when `optional`). */
export const ruDateField = (optional: boolean) =>
  ruDate({ required: !optional, missing: 'Введите дату в формате ДД.ММ.ГГГГ' }).transform((iso) => (iso === '' ? null : iso));
