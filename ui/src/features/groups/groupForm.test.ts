import { describe, expect, it } from 'vitest';
import { validate } from '../../lib/forms';
import type { Group } from '../../lib/teaching';
import { bodyOfGroup, changeOf, emptyGroup, groupBody, groupSchema, scheduleErrors, studentsAfter, type GroupValues } from './groupForm';

const teacher = { id: 4, full_name: 'Белов Игорь Витальевич' };
const filled = (change: Partial<GroupValues> = {}): GroupValues => ({
  ...emptyGroup(teacher, '2026-11-23'),
  name: 'Математика, 7 класс',
  subject_id: '2',
  students: [{ id: 11 }, { id: 12 }],
  price: '1 234,50 ₽',
  rows: [
    { weekday: 4, start: '16:00', duration: '60' },
    { weekday: 2, start: '16:00', duration: '60' },
  ],
  ...change,
});

describe('the group form', () => {
  it('sends ids, kopecks, ISO dates and the slots in weekday order', () => {
    const result = validate(groupSchema, filled({ ends_on: '31.05.2027', capacity: '8' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(groupBody(result.data)).toEqual({
      name: 'Математика, 7 класс',
      subject_id: 2,
      course_id: null,
      teacher_id: 4,
      student_ids: [11, 12],
      room: '',
      capacity: 8,
      price: 123450,
      starts_on: '2026-11-23',
      ends_on: '2027-05-31',
      schedule: [
        { weekday: 2, start: '16:00', duration_minutes: 60 },
        { weekday: 4, start: '16:00', duration_minutes: 60 },
      ],
    });
  });

  it('asks for a subject, a teacher, a sensible price, places for every student and a period that runs forward', () => {
    const result = validate(groupSchema, filled({ subject_id: '', teacher: null, price: 'сто', capacity: '1', ends_on: '01.01.2026' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      subject_id: 'Выберите предмет',
      teacher: 'Выберите учителя',
      price: 'Введите цену в рублях, например 1 500 или 1 500,50',
    });
    const later = validate(groupSchema, filled({ capacity: '1', ends_on: '01.01.2026' }));
    expect(later.ok ? {} : later.errors).toMatchObject({ ends_on: 'Конец не раньше начала', capacity: 'Учеников больше, чем мест' });
  });

  it('puts the timetable messages by row, its own and the server’s', () => {
    const result = validate(groupSchema, filled({ rows: [{ weekday: 2, start: '16:00', duration: '60' }, { weekday: 2, start: '16:30', duration: '60' }] }));
    expect(result.ok ? {} : scheduleErrors(result.errors).rows).toEqual({ 0: 'Пересекается с занятием в вт 16:30', 1: 'Пересекается с занятием в вт 16:00' });
    expect(scheduleErrors({ 'schedule.1.start': 'Неверное время', schedule: 'Занятия в расписании пересекаются', name: 'x' })).toEqual({
      rows: { 1: 'Неверное время' },
      whole: 'Занятия в расписании пересекаются',
    });
    expect(validate(groupSchema, filled({ rows: [] }))).toMatchObject({ ok: false, errors: { rows: 'Добавьте хотя бы одно занятие в неделю' } });
  });
});

describe('a change of students made on a page open for a while', () => {
  it('keeps the students someone else added or removed meanwhile', () => {
    // The page showed 1, 2, 3; meanwhile someone added 4 and removed 2; here 5 is added, 3 removed.
    expect(studentsAfter([1, 3, 4], [1, 2, 3], [1, 2, 5])).toEqual([1, 4, 5]);
  });
  it('adds nobody twice and removes someone already gone quietly', () => {
    expect(studentsAfter([1, 5], [1, 3], [1, 5])).toEqual([1, 5]);
  });
});

describe('a change of a stored group', () => {
  const stored: Group = {
    id: 7, name: 'Алгебра 9', subject_id: 2, subject_name: 'Алгебра', subject_color: 'blue', course_id: null,
    teacher_id: 4, teacher_name: 'Белов И. В.', student_ids: [11, 12], capacity: null, room: '12',
    schedule: [{ weekday: 2, start: '16:00:00', duration_minutes: 45 }], timetable: 'вт 16:00',
    starts_on: '2026-09-01', ends_on: null, price: null, archived: true, version: '0a1b2c3d4e5f6a7b',
  };

  it('names the version the form was filled from, keeping the archive state', () => {
    const result = validate(groupSchema, filled());
    if (!result.ok) throw new Error('the form is filled');
    const body = groupBody(result.data);
    expect(changeOf(stored, body)).toEqual({ ...body, archived: true, version: '0a1b2c3d4e5f6a7b' });
  });

  it('a quick change (students, archive) is made from the version just read', () => {
    expect(bodyOfGroup(stored)).toMatchObject({ student_ids: [11, 12], schedule: [{ weekday: 2, start: '16:00', duration_minutes: 45 }], version: '0a1b2c3d4e5f6a7b' });
  });
});
