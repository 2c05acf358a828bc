import { describe, expect, it } from 'vitest';
import { periodOf, termOf } from './terms';

const TERMS = [
  { name: '1 четверть', from: '2026-09-01', to: '2026-10-25' },
  { name: '2 четверть', from: '2026-11-05', to: '2026-12-28' },
];

describe('the period of a journal screen', () => {
  it('is the term today falls in, or the one just ended in a holiday', () => {
    expect(termOf(TERMS, '2026-11-23')?.name).toBe('2 четверть');
    expect(termOf(TERMS, '2026-11-01')?.name).toBe('1 четверть');
    expect(termOf(TERMS, '2026-08-20')?.name).toBe('1 четверть');
  });

  it('reads a term by name or days from the address', () => {
    expect(periodOf(new URLSearchParams('term=1+четверть'), TERMS, '2026-11-23')).toEqual({ from: '2026-09-01', to: '2026-10-25', term: '1 четверть' });
    expect(periodOf(new URLSearchParams('from=2026-11-01&to=2026-11-30'), TERMS, '2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-30', term: null });
    expect(periodOf(new URLSearchParams(''), TERMS, '2026-11-23')).toEqual({ from: '2026-11-05', to: '2026-12-28', term: '2 четверть' });
    expect(periodOf(new URLSearchParams(''), [], '2026-11-23')).toEqual({ from: '2026-10-24', to: '2026-11-23', term: null });
  });
});
