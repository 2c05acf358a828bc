//! The lessons list's filters (kept in the address by the list kit): the period (from today when
//! not given), a teacher (a teacher's own list: himself unless he asks for all), a student, a group,
//! a subject, a room, a state, only those over; the page size.
import { defineFilters, flag, id, isoDay, oneOf, perPage, text, type Field } from '../../lib/filters';
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

/** The teacher filter of a teacher's own list: himself unless the address says `teacher=all`
 *  (every teacher) or names another; himself is the default, so left out of the address. */
export const teacherOrMe = (me: number): Field<number | null> => {
  const anyTeacher = id({ api: 'teacher_id' });
  return {
    ...anyTeacher,
    read: (params, name) => (params.get(name) === 'all' ? null : (anyTeacher.read(params, name) ?? me)),
    write: (value, params, name) => value !== me && params.set(name, value === null ? 'all' : String(value)),
    narrows: (value) => value !== null && value !== me,
  };
};

/** The lessons list's filters with `teacher` as the teacher field. */
const lessonFiltersWith = (teacher: Field<number | null>) =>
  defineFilters(
    'lessons_list',
    {
      from: dayFromToday(),
      to: lastDay(),
      teacher,
      student: id({ api: 'student_id' }),
      group: id({ api: 'group_id' }),
      subject: id({ api: 'subject_id' }),
      room: text(),
      status: oneOf(LESSON_STATUSES),
      // Only the lessons over by now (`over=true`: the manager's «Журнал не заполнен»).
      over: flag('true'),
      perPage: perPage([50, 100]),
    },
    // A period typed backwards is turned round.
    (values) => (values.to && values.to < values.from ? { ...values, from: values.to, to: values.from } : values),
  );

/** The filters of the whole school's lessons (a manager's list, a person's card). */
export const lessonFilters = lessonFiltersWith(id({ api: 'teacher_id' }));

/** The filters of a teacher's list: his own lessons first, the whole school when he switches. */
export const ownLessonFilters = (me: number) => lessonFiltersWith(teacherOrMe(me));
