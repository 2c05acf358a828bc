//! What is due at a lesson: the homework given at the latest earlier lesson of the same group (an
//! individual lesson: of the same subject with the same student) — what a student prepares for
//! tomorrow.
import type { Lesson } from '../../lib/teaching';

type Row = Pick<Lesson, 'id' | 'starts_at' | 'subject_id' | 'group_id' | 'student_ids' | 'status' | 'homework'>;

/** Whether `earlier` is a lesson of the same class as `lesson`. */
const sameClass = (lesson: Row, earlier: Row) =>
  lesson.subject_id === earlier.subject_id &&
  (lesson.group_id ? earlier.group_id === lesson.group_id : !earlier.group_id && earlier.student_ids.some((id) => lesson.student_ids.includes(id)));

/** The lesson before `lesson` whose homework is due at it, among `rows`: the latest earlier one of
 * the same class held or planned; none when it set nothing (an older one's was due at it). */
export function homeworkDue<T extends Row>(lesson: Row, rows: readonly T[]): T | undefined {
  const before = rows
    .filter((earlier) => earlier.status !== 'cancelled' && Date.parse(earlier.starts_at) < Date.parse(lesson.starts_at) && sameClass(lesson, earlier))
    .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at))[0];
  return before?.homework.trim() ? before : undefined;
}
