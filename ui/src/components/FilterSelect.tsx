//! A list's filter as a select: «any» first (the empty value), then each choice by its Russian
//! name; the filter's value is kept in the address by the page.

interface Props<T extends string> {
  /** What it filters («Состояние»): the select's accessible name. */
  label: string;
  /** The first option, meaning no filter («Любое состояние»). */
  any: string;
  value: T | '';
  choices: readonly T[];
  names: Record<T, string>;
  onChange: (value: T | '') => void;
}

export function FilterSelect<T extends string>({ label, any, value, choices, names, onChange }: Props<T>) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value as T | '')}>
      <option value="">{any}</option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {names[choice]}
        </option>
      ))}
    </select>
  );
}
