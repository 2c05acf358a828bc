import { describe, expect, it } from 'vitest';
import { countWords } from './MonthDay';

const NBSP = '\u00a0';

describe('a day of a month counted', () => {
  it('is said in words, naming only what it has', () => {
    expect(countWords({ date: '2026-11-23', lessons: 1_234, cancelled: 3, events: 1 })).toBe(`1${NBSP}234 занятия, отменено: 3, 1 событие`);
    expect(countWords({ date: '2026-11-23', lessons: 87, cancelled: 0, events: 0 })).toBe('87 занятий');
    expect(countWords({ date: '2026-11-23', lessons: 0, cancelled: 2, events: 5 })).toBe('отменено: 2, 5 событий');
  });
});
