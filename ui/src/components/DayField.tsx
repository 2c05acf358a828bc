//! A day typed the Russian way (ДД.ММ.ГГГГ) whatever the browser's language, for a filter: the
//! list changes once the text is a real day, or is emptied; anything else waits, marked invalid.
import { useEffect, useState } from 'react';
import { isoFromRuDate, ruDateFromIso } from '../lib/forms';

interface Props {
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onChange: (iso: string) => void;
  label: string;
}

export function DayField({ value, onChange, label }: Props) {
  const [text, setText] = useState(ruDateFromIso(value));
  useEffect(() => setText(ruDateFromIso(value)), [value]);
  const iso = text.trim() === '' ? '' : isoFromRuDate(text.trim());
  return (
    <input
      type="text"
      inputMode="numeric"
      placeholder="ДД.ММ.ГГГГ"
      maxLength={10}
      autoComplete="off"
      aria-label={label}
      aria-invalid={iso === null && text.length >= 10 ? true : undefined}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const day = typed.trim() === '' ? '' : isoFromRuDate(typed.trim());
        if (day !== null && day !== value && (day === '' || typed.trim().length === 10)) onChange(day);
      }}
    />
  );
}
