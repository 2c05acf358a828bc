//! The period of a journal screen (a group's journal, a person's marks): one of the school's
//! terms or «Свои даты» (from and to, typed ДД.ММ.ГГГГ).
import { DayField } from './DayField';
import './TermPicker.css';
import { schoolYearOf, type AddressChange, type Period, type Term } from '../lib/terms';

const OWN = '';

/** The terms by school year, in order. */
function years(terms: readonly Term[]): [string, Term[]][] {
  const found = new Map<string, Term[]>();
  for (const term of terms) found.set(schoolYearOf(term), [...(found.get(schoolYearOf(term)) ?? []), term]);
  return [...found];
}

interface Props {
  terms: readonly Term[];
  period: Period;
  /** The address's new period: a term by name, or days. */
  onChange: (change: AddressChange) => void;
}

export function TermPicker({ terms, period, onChange }: Props) {
  const days = (from: string, to: string) => onChange({ term: null, from, to });
  return (
    <>
      <label>
        Период
        <select
          value={period.term ?? OWN}
          onChange={(event) => (event.target.value === OWN ? days(period.from, period.to) : onChange({ term: event.target.value, from: null, to: null }))}
        >
          {years(terms).map(([year, inYear]) => (
            <optgroup key={year} label={`${year} учебный год`}>
              {inYear.map((term) => (
                <option key={term.from} value={term.from}>
                  {term.name} {year}
                </option>
              ))}
            </optgroup>
          ))}
          <option value={OWN}>Свои даты</option>
        </select>
      </label>
      {period.term === null && (
        <>
          <label>
            С
            <DayField value={period.from} onChange={(from) => from && days(from, period.to)} label="С даты" />
          </label>
          <label>
            По
            <DayField value={period.to} onChange={(to) => to && days(period.from, to)} label="По дату" />
          </label>
        </>
      )}
    </>
  );
}
