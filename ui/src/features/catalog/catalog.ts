//! The catalogue's lists (subjects, courses: filters kept in the address by the list kit) and the
//! pure rules of its forms: a student's progress, what a person's subjects form sends (prices are
//! typed and read by `lib/money`).
import type { Row, Schema } from '../../api/types';
import { parseRoubles } from '../../lib/money';
import { defineFilters, id, oneOf, perPage, sort, text } from '../../lib/filters';
import { generatePath } from 'react-router';
import { paths } from '../../paths';

export type Course = Row<'courses_list'>;
export type Enrolment = Row<'enrolments_list'>;
export type PersonCourse = Row<'users_courses'>;
export type EnrolmentStatus = Schema<'EnrolmentStatus'>;

/** The archive filter: '' (in use, the default), all, or only the archived. */
export const ARCHIVED = ['with', 'only'] as const;
export const ARCHIVED_NAMES: Record<'' | (typeof ARCHIVED)[number], string> = { '': 'Действующие', with: 'Все', only: 'В архиве' };

export const SUBJECT_SORTS = { name: 'Предмет' } as const;
export const COURSE_SORTS = { name: 'Курс' } as const;

export const subjectFilters = defineFilters('subjects_list', {
  search: text(),
  archived: oneOf(ARCHIVED),
  sort: sort(Object.keys(SUBJECT_SORTS), 'name'),
  perPage: perPage([25, 50, 100]),
});

export const courseFilters = defineFilters('courses_list', {
  search: text(),
  subject: id({ api: 'subject_id' }),
  archived: oneOf(ARCHIVED),
  sort: sort(Object.keys(COURSE_SORTS), 'name'),
  perPage: perPage([25, 50, 100]),
});

export const ENROLMENT_STATUSES: readonly EnrolmentStatus[] = ['active', 'paused', 'finished'];
export const ENROLMENT_NAMES: Record<EnrolmentStatus, string> = { active: 'Учится', paused: 'На паузе', finished: 'Закончил обучение' };

/** How far along, 0 to 100 (spec §9 progress bar). */
export function progressPercent(done: number, planned: number): number {
  if (planned <= 0) return 0;
  return Math.min(100, Math.round((done / planned) * 100));
}

/** A student's course page. */
export const personCoursePath = (user: number, course: number) => generatePath(paths.userCourse, { id: String(user), course: String(course) });

/** A course's page. */
export const coursePath = (course: number) => generatePath(paths.course, { course: String(course) });

/** The chosen subjects with their typed prices. */
export type Choice = ReadonlyMap<number, string>;

/**
 * What `PUT /api/users/{id}/subjects` sends for the chosen subjects (in the order of `order`),
 * or the index of the first price that is not one. Prices are sent for a student only.
 */
export function personSubjectsBody(chosen: Choice, order: readonly number[], student: boolean): { data: { subject_id: number; price: number | null }[] } | { wrong: number } {
  const ids = order.filter((subject) => chosen.has(subject));
  const data = ids.map((subject) => ({ subject_id: subject, price: student ? parseRoubles(chosen.get(subject) ?? '') : null }));
  const wrong = data.findIndex((row) => row.price === undefined);
  if (wrong >= 0) return { wrong: ids[wrong]! };
  return { data: data as { subject_id: number; price: number | null }[] };
}
