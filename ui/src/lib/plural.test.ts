import { describe, expect, it } from 'vitest';
import { andMore, countPeople, countStudents } from './plural';

describe('countPeople', () => {
  it('declines «человек» after a number', () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 112].map(countPeople)).toEqual([
      '1 человек',
      '2 человека',
      '4 человека',
      '5 человек',
      '11 человек',
      '12 человек',
      '14 человек',
      '21 человек',
      '22 человека',
      '25 человек',
      '101 человек',
      '112 человек',
    ]);
  });
});

describe('countStudents', () => {
  it('declines «ученик» after a number', () => {
    expect([0, 1, 3, 5, 11, 21, 24].map(countStudents)).toEqual(['0 учеников', '1 ученик', '3 ученика', '5 учеников', '11 учеников', '21 ученик', '24 ученика']);
  });
});

describe('andMore', () => {
  it('says how many more there are, declined', () => {
    expect(andMore(1, countStudents)).toBe('и ещё 1 ученик');
    expect(andMore(4, countStudents)).toBe('и ещё 4 ученика');
    expect(andMore(5, countPeople)).toBe('и ещё 5 человек');
  });
});
