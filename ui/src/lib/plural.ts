//! Counting in Russian: «1 человек», «2 человека», «5 человек»; «1 ученик», «3 ученика», «5 учеников».

/** The word after `count`: `[one, few, many]` as in «1 ученик», «2 ученика», «5 учеников». */
export function plural(count: number, forms: readonly [string, string, string]): string {
  return `${count} ${pluralForm(count, forms)}`;
}

/** The form alone: `pluralForm(2, ['будет отменено', 'будут отменены', 'будет отменено'])`. */
export function pluralForm(count: number, [one, few, many]: readonly [string, string, string]): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (ones === 1) return one;
  return ones >= 2 && ones <= 4 ? few : many;
}

/** "1 человек", "3 человека", "12 человек". */
export const countPeople = (count: number) => plural(count, ['человек', 'человека', 'человек']);

/** "1 ученик", "3 ученика", "12 учеников". */
export const countStudents = (count: number) => plural(count, ['ученик', 'ученика', 'учеников']);

/** What follows the names shown when `count` more are not: «и ещё 4 ученика». */
export const andMore = (count: number, counted: (count: number) => string) => `и ещё ${counted(count)}`;
