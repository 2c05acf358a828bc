//! The search box of a list: the list follows once typing pauses (one history entry replaced, not
//! one per key), and back/forward to another search puts its text back in the box.
import { useEffect, useState } from 'react';
import { useDebounced } from '../lib/useDebounced';

const SEARCH_DELAY = 300;

interface Props {
  /** The search in the address. */
  value: string;
  onSearch: (search: string) => void;
  placeholder: string;
  /** The name read to screen readers: «Поиск по ФИО, email и телефону». */
  label: string;
}

export function SearchField({ value, onSearch, placeholder, label }: Props) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text.trim(), SEARCH_DELAY);

  useEffect(() => {
    if (settled !== value) onSearch(settled);
  }, [settled]);

  useEffect(() => {
    if (value !== settled) setText(value);
  }, [value]);

  return <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} aria-label={label} />;
}
