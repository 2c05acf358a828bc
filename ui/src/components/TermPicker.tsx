//! The period of a journal screen (a group's journal, a person's marks): one of the school's
//! terms or «Свои даты» (from and to, typed ДД.ММ.ГГГГ).
import { DayField } from './DayField';
import './TermPicker.css';
import type { AddressChange, Period, Term } from '../lib/terms';

const OWN = '';

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
          {terms.map((term) => (
            <option key={term.name} value={term.name}>
              {term.name}
            </option>
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
