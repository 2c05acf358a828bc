//! Money typed by a person: roubles with kopecks «1 234,50 ₽» (spaces, a comma or a point, the
//! sign optional) read into kopecks, and kopecks written back for a field to edit.
import { formatMoney } from './format';

const TYPED = /^(\d+)(?:[.,](\d{1,2}))?$/;

/** «1 234,50 ₽», «1234.5», «800» -> kopecks; '' -> null (no price); anything else -> NaN. */
export function kopecksFromText(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f₽]|руб\.?/g, '');
  if (compact === '') return null;
  const match = TYPED.exec(compact);
  if (!match) return Number.NaN;
  const kopecks = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kopecks) ? kopecks : Number.NaN;
}

/** Kopecks -> the text of a money field «1 234,50 ₽»; null -> ''. */
export const textFromKopecks = (kopecks: number | null | undefined) => (kopecks == null ? '' : formatMoney(kopecks));
