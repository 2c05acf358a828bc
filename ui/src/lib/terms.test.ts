import { describe, expect, it } from 'vitest';
import { periodOf, schoolYearOf, termOf } from './terms';

const TERMS = [
  { name: '4 четверть', from: '2026-04-01', to: '2026-05-31' },
  { name: '1 четверть', from: '2026-09-01', to: '2026-10-25' },
  { name: '2 четверть', from: '2026-11-05', to: '2026-12-28' },
];

describe('the period of a journal screen', () => {
  it('is the term today falls in, or the one just ended in a holiday', () => {
    expect(termOf(TERMS, '2026-11-23')?.name).toBe('2 четверть');
    expect(termOf(TERMS, '2026-11-01')?.name).toBe('1 четверть');
    expect(termOf(TERMS, '2026-08-20')?.name).toBe('4 четверть');
    expect(termOf(TERMS, '2026-01-20')?.name).toBe('4 четверть');
  });

  it('names the school year of a term', () => {
    expect(TERMS.map(schoolYearOf)).toEqual(['2025/26', '2026/27', '2026/27']);
  });

  it('reads a term by its first day, or days, from the address', () => {
    expect(periodOf(new URLSearchParams('term=2026-09-01'), TERMS, '2026-11-23')).toEqual({ from: '2026-09-01', to: '2026-10-25', term: '2026-09-01' });
    expect(periodOf(new URLSearchParams('from=2026-11-01&to=2026-11-30'), TERMS, '2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-30', term: null });
    expect(periodOf(new URLSearchParams(''), TERMS, '2026-11-23')).toEqual({ from: '2026-11-05', to: '2026-12-28', term: '2026-11-05' });
    expect(periodOf(new URLSearchParams(''), [], '2026-11-23')).toEqual({ from: '2026-10-24', to: '2026-11-23', term: null });
  });
});
