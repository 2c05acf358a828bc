import { describe, expect, it } from 'vitest';
import { ATTENDANCE_NAMES, ATTENDANCE_TITLES, attendanceCount, attendanceLetter, attendanceWords, formatAverage, formatRate, isFeminineName, markedStudents, markOfKey, markTone } from './journal';

describe('journal words and numbers', () => {
  it('writes an average with one decimal and a Russian comma', () => {
    expect(formatAverage(4.5)).toBe('4,5');
    expect(formatAverage(4)).toBe('4,0');
    expect(formatAverage(3.666)).toBe('3,7');
    expect(formatAverage(null)).toBe('—');
    expect(formatAverage(undefined)).toBe('—');
  });

  it('gives each absence its letter; present is an empty cell', () => {
    expect(attendanceLetter('unexcused')).toBe('н');
    expect(attendanceLetter('excused')).toBe('у');
    expect(attendanceLetter('late')).toBe('о');
    expect(attendanceLetter('present')).toBe('');
    expect(attendanceLetter(null)).toBe('');
  });

  it('reads a mark from a key 1–5 only', () => {
    expect(markOfKey('4')).toBe(4);
    expect(markOfKey('0')).toBeNull();
    expect(markOfKey('6')).toBeNull();
    expect(markOfKey('a')).toBeNull();
  });

  it('colours marks: good, fair, poor', () => {
    expect([5, 4, 3, 2, 1].map(markTone)).toEqual(['good', 'good', 'fair', 'poor', 'poor']);
  });

  it('writes an attendance rate as a percentage', () => {
    expect(formatRate(0.95)).toBe('95\u00a0%');
    expect(formatRate(0.875)).toBe('87,5\u00a0%');
    expect(formatRate(null)).toBe('—');
  });

  it("says a girl's attendance in the feminine, a boy's and an unknown one's as it is", () => {
    expect(isFeminineName('Иванова Дарья Дмитриевна')).toBe(true);
    expect(isFeminineName('Иванов Артём Дмитриевич')).toBe(false);
    expect(isFeminineName('Ким Ли')).toBe(false);
    expect(attendanceWords(ATTENDANCE_NAMES.present, true)).toBe('Присутствовала');
    expect(attendanceWords(ATTENDANCE_NAMES.late, true)).toBe('Опоздала');
    expect(attendanceWords(ATTENDANCE_NAMES.excused, true)).toBe('По уважительной причине');
    expect(attendanceWords(ATTENDANCE_TITLES.unexcused, true)).toBe('отсутствовала без уважительной причины');
    expect(attendanceWords(ATTENDANCE_TITLES.late, false)).toBe('опоздал');
  });

  it('counts students of a status in words agreeing with the count', () => {
    expect(attendanceCount('late', 1)).toBe('опоздал: 1');
    expect(attendanceCount('late', 1, true)).toBe('опоздала: 1');
    expect(attendanceCount('late', 2)).toBe('опоздали: 2');
    expect(attendanceCount('late', 5, true)).toBe('опоздали: 5');
    expect(attendanceCount('excused', 3)).toBe('отсутствовали по уважительной причине: 3');
    expect(attendanceCount('unexcused', 21)).toBe('отсутствовали без уважительной причины: 21');
    expect(attendanceCount('unexcused', 1, true)).toBe('отсутствовала без уважительной причины: 1');
  });

  it('says how many students a saved journal marks', () => {
    expect([1, 3, 5, 21].map(markedStudents)).toEqual(['отмечен 1 ученик', 'отмечено 3 ученика', 'отмечено 5 учеников', 'отмечен 21 ученик']);
  });
});
