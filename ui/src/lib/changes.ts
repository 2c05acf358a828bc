//! What a change of a record sends: only the fields the form changed, so that a field someone
//! else changed meanwhile (a card dragged to «Готово» while its dialog was open) is not written
//! back with the value the form started from.

/** The fields of `next` whose values differ from `before`'s (compared as JSON). */
export function changedFields<T extends object>(before: T, next: T): Partial<T> {
  const same = (key: keyof T) => JSON.stringify(before[key] ?? null) === JSON.stringify(next[key] ?? null);
  return Object.fromEntries((Object.keys(next) as (keyof T)[]).filter((key) => !same(key)).map((key) => [key, next[key]])) as Partial<T>;
}
