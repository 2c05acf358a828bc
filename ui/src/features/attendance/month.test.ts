import { describe, expect, it } from 'vitest';
import { monthDays, monthName, monthOf, shiftMonth } from './month';

describe('the month of an attendance page', () => {
  it('is the month asked for, or this month', () => {
    expect(monthOf('2026-11', '2026-05-03')).toBe('2026-11');
    expect(monthOf('2026-13', '2026-05-03')).toBe('2026-05');
    expect(monthOf(null, '2026-05-03')).toBe('2026-05');
  });

  it('runs from its first to its last day', () => {
    expect(monthDays('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('is named and turned across years', () => {
    expect(monthName('2026-11')).toBe('Ноябрь 2026');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
  });
});
