import { describe, expect, it } from 'vitest';
import { addedRow, byDay, changedRow, checkRows, draftsOf, onSchoolDay, removedRow, schoolDay, schoolTime, schoolToday, setSchoolZone, slotsOf, timeRange, timetableInWords, today, weekdayOf } from './timetable';

const slot = (weekday: number, start: string, duration_minutes = 60) => ({ weekday, start, duration_minutes });

describe('the timetable in words', () => {
  it('names the weekdays that share a start time, then the time', () => {
    expect(timetableInWords([slot(4, '16:00'), slot(2, '16:00:00')])).toBe('вт, чт 16:00');
  });

  it('lists several times in the order of their first day', () => {
    expect(timetableInWords([slot(5, '17:30'), slot(1, '15:00'), slot(3, '17:30')])).toBe('пн 15:00; ср, пт 17:30');
    expect(timetableInWords([slot(7, '10:00'), slot(6, '10:00', 90)])).toBe('сб, вс 10:00');
  });

  it('is empty without slots', () => {
    expect(timetableInWords([])).toBe('');
  });
});

describe('the schedule editor rows', () => {
  it('adds a row on the day after the last, with its time and length, wrapping Sunday to Monday', () => {
    const one = addedRow([]);
    expect(one).toEqual([{ weekday: 1, start: '16:00', duration: '60' }]);
    expect(addedRow([{ weekday: 2, start: '15:30', duration: '90' }])[1]).toEqual({ weekday: 3, start: '15:30', duration: '90' });
    expect(addedRow([{ weekday: 7, start: '10:00', duration: '45' }])[1]?.weekday).toBe(1);
  });

  it('changes and removes one row, leaving the others', () => {
    const rows = draftsOf([slot(2, '16:00:00'), slot(4, '16:00')]);
    expect(changedRow(rows, 1, { start: '17:00' }).map((r) => r.start)).toEqual(['16:00', '17:00']);
    expect(removedRow(rows, 0)).toEqual([{ weekday: 4, start: '16:00', duration: '60' }]);
  });

  it('asks for at least one row, a time ЧЧ:ММ, a sensible length', () => {
    expect(checkRows([]).schedule).toBe('Добавьте хотя бы одно занятие в неделю');
    const found = checkRows([
      { weekday: 1, start: '25:00', duration: '60' },
      { weekday: 2, start: '10:00', duration: '0' },
      { weekday: 3, start: '10:00', duration: '45' },
    ]);
    expect(found.rows).toEqual({ 0: 'Время в формате ЧЧ:ММ', 1: 'Длительность от 1 до 600 минут' });
  });

  it('refuses two rows of one weekday that overlap, and allows back-to-back ones', () => {
    const rows = [
      { weekday: 2, start: '16:00', duration: '60' },
      { weekday: 2, start: '16:30', duration: '60' },
      { weekday: 2, start: '17:30', duration: '30' },
    ];
    expect(checkRows(rows).rows).toEqual({ 0: 'Пересекается с занятием в вт 16:30', 1: 'Пересекается с занятием в вт 16:00' });
    expect(checkRows([rows[0]!, rows[2]!, { weekday: 4, start: '16:00', duration: '60' }]).rows).toEqual({});
  });

  it('hands the API its slots in weekday and time order', () => {
    expect(slotsOf([{ weekday: 4, start: '16:00', duration: '60' }, { weekday: 2, start: '16:00', duration: '45' }])).toEqual([slot(2, '16:00', 45), slot(4, '16:00')]);
  });
});

describe('the school wall clock of a lesson', () => {
  it('reads the day and time as written, whatever the browser zone', () => {
    expect(schoolDay('2026-11-24T16:00:00+03:00')).toBe('2026-11-24');
    expect(schoolTime('2026-11-24T16:00:00+03:00')).toBe('16:00');
    expect(timeRange('2026-11-24T16:00:00+03:00', '2026-11-24T17:30:00+03:00')).toBe('16:00–17:30');
    expect(timeRange('2026-11-24T23:30:00+03:00', '2026-11-25T00:30:00+03:00')).toBe('23:30–00:30');
  });

  it('knows the weekday of a day and groups lessons under their days', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    const lessons = [{ starts_at: '2026-11-24T10:00:00+03:00' }, { starts_at: '2026-11-24T16:00:00+03:00' }, { starts_at: '2026-11-26T16:00:00+03:00' }];
    expect(byDay(lessons).map((d) => [d.day, d.rows.length])).toEqual([['2026-11-24', 2], ['2026-11-26', 1]]);
  });

  it("takes today from the school's offset, not the browser's zone", () => {
    // 22:30 UTC is already the next day in Moscow (+03:00) and still the same day in New York.
    const now = new Date('2026-11-23T22:30:00Z');
    expect(schoolToday('2026-11-24T09:00:00+03:00', 0, now)).toBe('2026-11-24');
    expect(schoolToday('2026-11-23T09:00:00-05:00', 0, now)).toBe('2026-11-23');
    expect(schoolToday('2026-11-24T09:00:00+03:00', 1, now)).toBe('2026-11-25');
    const rows = [{ starts_at: '2026-11-23T18:00:00+03:00' }, { starts_at: '2026-11-24T09:00:00+03:00' }, { starts_at: '2026-11-25T09:00:00+03:00' }];
    expect(onSchoolDay(rows, 0, now)).toEqual([rows[1]]);
    expect(onSchoolDay(rows, 1, now)).toEqual([rows[2]]);
  });

  it("counts today in the school's zone once the signed-in user's answer told it", () => {
    const now = new Date('2026-11-23T22:30:00Z');
    setSchoolZone('Europe/Moscow');
    expect(today(now)).toBe('2026-11-24');
    setSchoolZone('America/New_York');
    expect(today(now)).toBe('2026-11-23');
    setSchoolZone(undefined);
  });
});
