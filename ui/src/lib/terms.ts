//! The period a journal screen shows, kept in the address: one of the school's terms
//! (`GET /api/journal/terms`) or any days; by default the term today falls in.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Ok, Row } from '../api/types';
import { api } from './api/client';
import { addDays, today } from './timetable';
import { endpoints } from '../paths';

/** One of the school's terms with its days this school year. */
export type Term = Row<'journal_terms'>;

/** The school's terms (none while loading, or when they cannot be read: any days still work). */
export function useTerms() {
  const [terms, setTerms] = useState<readonly Term[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<Ok<'journal_terms'>>(endpoints.journalTerms, { signal: controller.signal, silent: true }).then(
      ({ data }) => setTerms(data),
      () => !controller.signal.aborted && setTerms([]),
    );
    return () => controller.abort();
  }, []);
  return terms;
}

/** The days shown, and the term they are when they are one. */
export interface Period {
  readonly from: string;
  readonly to: string;
  readonly term: string | null;
}

/** The term `day` falls in; between terms (a holiday) the one just ended; before them all, the first. */
export function termOf(terms: readonly Term[], day: string): Term | undefined {
  const inside = terms.find((term) => term.from <= day && day <= term.to);
  if (inside) return inside;
  const ended = terms.filter((term) => term.to < day).sort((a, b) => b.to.localeCompare(a.to));
  return ended[0] ?? terms[0];
}

/**
 * The period the address asks for: `term` by name, or `from` and `to`, or else the term of
 * `now` (the last 30 days when the school has no terms).
 */
export function periodOf(search: URLSearchParams, terms: readonly Term[], now = today()): Period {
  const named = terms.find((term) => term.name === search.get('term'));
  if (named) return { from: named.from, to: named.to, term: named.name };
  const from = search.get('from');
  const to = search.get('to');
  if (from && to) return { from, to, term: null };
  const current = termOf(terms, now);
  return current ? { from: current.from, to: current.to, term: current.name } : { from: addDays(now, -30), to: now, term: null };
}

/** Changes to the address's parameters: a value sets one, null removes it. */
export type AddressChange = Record<string, string | null>;

/** The address's parameters and a way to change some of them (replacing the history entry). */
export function useAddress() {
  const [search, setSearch] = useSearchParams();
  const change = (next: AddressChange) =>
    setSearch(
      (old) => {
        const params = new URLSearchParams(old);
        for (const [key, value] of Object.entries(next)) {
          if (value === null) params.delete(key);
          else params.set(key, value);
        }
        return params;
      },
      { replace: true },
    );
  return { search, change };
}
