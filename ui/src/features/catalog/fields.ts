//! The form fields the catalogue's dialogs share: a price typed in roubles (may be empty).
import { z } from '../../lib/forms';
import { parseRoubles } from './catalog';

/** A price in roubles, sent as kopecks or null. */
export const priceField = z
  .string()
  .refine((typed) => parseRoubles(typed) !== undefined, { message: 'Введите цену в рублях, например 1 500 или 1 500,50' })
  .transform((typed) => parseRoubles(typed) ?? null);
