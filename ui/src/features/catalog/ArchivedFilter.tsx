//! The archive filter of a catalogue list (subjects, courses): in use (the default), all, or only
//! the archived.
import { ARCHIVED, ARCHIVED_NAMES } from './catalog';

interface Props<T extends string> {
  value: T;
  onChange: (archived: T) => void;
}

export function ArchivedFilter<T extends string>({ value, onChange }: Props<T>) {
  return (
    <label className="page-size">
      Показать
      <select value={value} onChange={(event) => onChange(event.target.value as T)}>
        {(['', ...ARCHIVED] as const).map((option) => (
          <option key={option} value={option}>
            {ARCHIVED_NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
