//! The teaching records as the API shows them (subjects, groups, lessons: generated types only),
//! the school's subjects for pickers and colour chips, and the Russian words for a lesson's state.
import type { Body, Ok, Row } from '../api/types';
import { endpoints } from '../paths';
import { useAllPages } from './allPages';
import type { ApiError } from './api/client';
import { isStaff, type CurrentUser } from './user';

export type Subject = Row<'subjects_list'>;
export type Course = Row<'courses_list'>;
export type Group = Ok<'group_lessons_show'>['data'];
export type GroupRow = Row<'group_lessons_list'>;
export type GroupBody = Body<'group_lessons_create'>;
export type Lesson = Row<'lessons_list'>;
export type LessonBody = Body<'lessons_create'>;
export type LessonChange = Body<'lessons_update'>;
export type LessonStatus = Lesson['status'];

export const LESSON_STATUSES = ['planned', 'done', 'cancelled'] as const satisfies readonly LessonStatus[];
export const STATUS_NAMES: Record<LessonStatus, string> = { planned: 'Запланировано', done: 'Проведено', cancelled: 'Отменено' };

export const groupUrl = (id: number, action?: string) => `${endpoints.groups}/${id}${action ? `/${action}` : ''}`;
export const lessonUrl = (id: number, action?: string) => `${endpoints.lessons}/${id}${action ? `/${action}` : ''}`;

const WITH_ARCHIVED = { archived: 'with' };

/** Every subject of the school (all their pages), archived ones too so a record that uses one
 * still names it (and old lessons keep their colour), for pickers, filters and chips; none when
 * disabled. */
export function useSubjects(enabled = true) {
  const { rows, loaded, failed, reload } = useAllPages<Subject>(enabled ? endpoints.subjects : null, WITH_ARCHIVED);
  return { subjects: rows, loaded, failed, reload };
}

/** A subject by id among those loaded. */
export const subjectOf = (subjects: readonly Subject[], id: number | null | undefined) => subjects.find((subject) => subject.id === id);

/** Every clash of a refusal (422 on `starts_at`: a teacher, a student or a room already booked), in the server's words. */
export const clashesOf = (error: ApiError): string[] => (error.status === 422 ? [...(error.body.errors?.starts_at ?? [])] : []);

/** Whether `user` runs `lesson` (moves, cancels, deletes it, gives it a topic): a manager any
 * lesson, staff the lessons they teach. The server decides in the end. */
export const managesLesson = (user: CurrentUser | null, lesson: Pick<Lesson, 'teacher_id'>) =>
  Boolean(user && (user.roles.includes('manager') || (isStaff(user) && lesson.teacher_id === user.id)));

/** How many days back (today included) a lesson over and still planned is a journal to fill:
 * the start pages of its teacher and of the managers show it. */
export const UNFILLED_DAYS = 7;

