//! The group form's values and checks, what it sends (`POST|PUT /api/group-lessons`), and how a
//! refusal is read: every clash the server names on `starts_at` (a teacher, a student or a room
//! already booked) is shown beside the timetable; the rest under their fields.
import { ruDate, ruDateFromIso, z } from '../../lib/forms';
import { priceField, roublesField } from '../../lib/money';
import type { UserView } from '../../lib/person';
import type { Group, GroupBody } from '../../lib/teaching';
import { checkRows, DEFAULT_SLOT, draftsOf, hhmm, slotsOf, type SlotDraft } from '../../lib/timetable';

/** A person chosen in the form: known by id, the name once loaded. */
type Person = Pick<UserView, 'id'> & Partial<UserView>;

const whole = (label: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || (/^\d+$/.test(text) && Number(text) > 0), { message: `${label}: целое число больше нуля` });

export const groupSchema = z
  .object({
    name: z.string().trim().min(1),
    subject_id: z.string().min(1, 'Выберите предмет'),
    course_id: z.string(),
    teacher: z.custom<Person | null>().refine((person) => person !== null, { message: 'Выберите учителя' }),
    students: z.array(z.custom<Person>()),
    room: z.string().trim().max(40),
    capacity: whole('Мест'),
    price: priceField,
    starts_on: ruDate({ required: true }),
    ends_on: ruDate(),
    rows: z.array(z.custom<SlotDraft>()).superRefine((rows, context) => {
      const found = checkRows(rows);
      if (found.schedule) context.addIssue({ code: 'custom', message: found.schedule });
      for (const [index, message] of Object.entries(found.rows)) context.addIssue({ code: 'custom', message, path: [Number(index)] });
    }),
  })
  .refine((group) => !group.ends_on || group.ends_on >= group.starts_on, { message: 'Конец не раньше начала', path: ['ends_on'] })
  .refine((group) => !group.capacity || group.students.length <= Number(group.capacity), {
    message: 'Учеников больше, чем мест',
    path: ['capacity'],
  });

export type GroupValues = z.input<typeof groupSchema>;

/** A new group: from today, the current teacher when he is one (a worker teaches his own groups). */
export function emptyGroup(teacher: Person | null, today: string): GroupValues {
  return {
    name: '', subject_id: '', course_id: '', teacher, students: [], room: '', capacity: '', price: '',
    starts_on: ruDateFromIso(today), ends_on: '', rows: [{ ...DEFAULT_SLOT }],
  };
}

/** The form's values for a stored group (people by id until their names load). */
export function groupValues(group: Group, people: readonly UserView[]): GroupValues {
  const known = (id: number): Person => people.find((person) => person.id === id) ?? { id };
  return {
    name: group.name,
    subject_id: String(group.subject_id),
    course_id: group.course_id ? String(group.course_id) : '',
    teacher: known(group.teacher_id),
    students: group.student_ids.map(known),
    room: group.room ?? '',
    capacity: group.capacity ? String(group.capacity) : '',
    price: roublesField(group.price),
    starts_on: ruDateFromIso(group.starts_on),
    ends_on: group.ends_on ? ruDateFromIso(group.ends_on) : '',
    rows: draftsOf(group.schedule),
  };
}

/** What the API takes. */
export function groupBody(values: z.output<typeof groupSchema>): GroupBody {
  return {
    name: values.name,
    subject_id: Number(values.subject_id),
    course_id: values.course_id ? Number(values.course_id) : null,
    teacher_id: values.teacher!.id,
    student_ids: values.students.map((student) => student.id),
    room: values.room,
    capacity: values.capacity ? Number(values.capacity) : null,
    price: values.price,
    starts_on: values.starts_on,
    ends_on: values.ends_on || null,
    schedule: slotsOf(values.rows),
  };
}

/** The schedule editor's messages: per row (`rows.N` here, `schedule.N…` from the server) and as a whole. */
export function scheduleErrors(errors: Record<string, string>): { rows: Record<number, string>; whole?: string } {
  const rows: Record<number, string> = {};
  let whole: string | undefined;
  for (const [key, message] of Object.entries(errors)) {
    const match = /^(?:rows|schedule)(?:\.(\d+))?/.exec(key);
    if (!match) continue;
    if (match[1] === undefined) whole = message;
    else rows[Number(match[1])] ??= message;
  }
  return { rows, whole };
}

/** A worker who is not a manager teaches his own groups only (the teacher is fixed to him). */
export const teachesOwnOnly = (roles: readonly string[]) => !roles.includes('manager');

/** The form's `body` as a change of `group` as the form loaded it: its archive state kept, and
 * its version, so that a change someone made meanwhile is refused (a 422 on `version`), never undone. */
export function changeOf(group: Group, body: GroupBody): GroupBody {
  return { ...body, archived: group.archived, version: group.version };
}

/** A stored group as the API takes it back (to change one thing: its students), made from
 * its version: a change saved since refuses it (a 422 on `version`). */
export function bodyOfGroup(group: Group): GroupBody {
  return {
    name: group.name,
    subject_id: group.subject_id,
    course_id: group.course_id ?? null,
    teacher_id: group.teacher_id,
    student_ids: [...group.student_ids],
    room: group.room ?? '',
    capacity: group.capacity ?? null,
    price: group.price ?? null,
    starts_on: group.starts_on,
    ends_on: group.ends_on ?? null,
    schedule: group.schedule.map((slot) => ({ weekday: slot.weekday, start: hhmm(slot.start), duration_minutes: slot.duration_minutes })),
    archived: group.archived,
    version: group.version,
  };
}

/** The students a group has after the change shown on a page (`shown` became `next`) is made to
 * the group as now stored (`stored`): those added and removed on the page, and everyone someone
 * else added or removed meanwhile, so a page open for a while loses nobody's change. */
export function studentsAfter(stored: readonly number[], shown: readonly number[], next: readonly number[]): number[] {
  const added = next.filter((id) => !shown.includes(id) && !stored.includes(id));
  const removed = shown.filter((id) => !next.includes(id));
  return [...stored.filter((id) => !removed.includes(id)), ...added];
}
