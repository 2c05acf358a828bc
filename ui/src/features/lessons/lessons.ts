//! The lessons list's filters (kept in the address by the list kit): the period (from today when
//! not given), a teacher, a student, a group, a subject, a room, a state; the page size.
import { defineFilters, id, isoDay, oneOf, perPage, text, type Field } from '../../lib/filters';
import { LESSON_STATUSES } from '../../lib/teaching';
import { today } from '../../lib/timetable';

/** A day that is today unless the address says otherwise (so the list starts with what is next). */
const dayFromToday = (): Field<string> => ({
  read: (params, name) => isoDay(params.get(name)) || today(),
  write: (value, params, name) => value !== today() && params.set(name, value),
  query: (value) => value,
  narrows: (value) => value !== today(),
});

/** An optional last day. */
const lastDay = (): Field<string> => ({
  read: (params, name) => isoDay(params.get(name)),
  write: (value, params, name) => value && params.set(name, value),
  query: (value) => value || undefined,
  narrows: Boolean,
});

export const lessonFilters = defineFilters(
  'lessons_list',
  {
    from: dayFromToday(),
    to: lastDay(),
    teacher: id({ api: 'teacher_id' }),
    student: id({ api: 'student_id' }),
    group: id({ api: 'group_id' }),
    subject: id({ api: 'subject_id' }),
    room: text(),
    status: oneOf(LESSON_STATUSES),
    perPage: perPage([50, 100]),
  },
  // A period typed backwards is turned round.
  (values) => (values.to && values.to < values.from ? { ...values, from: values.to, to: values.from } : values),
);
