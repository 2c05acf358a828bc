//! How far the attendance is taken: «Отмечено 12 из 15», then how many were late or absent, in
//! words agreeing with the count («опоздали: 2», «опоздала: 1» of one girl).
import { attendanceCount, isFeminineName, type AttendanceStatus } from '../../lib/journal';
import { tally, type Draft } from './journalForm';

/** The absences counted after «Отмечено …», in this order. */
const COUNTED = ['late', 'excused', 'unexcused'] as const;

/** Whether the one student of `status` is a girl (the words of a count of one are said of her). */
function onlyOneIsGirl(draft: Draft, status: AttendanceStatus): boolean {
  const id = draft.students.find((student) => draft.statuses[student] === status);
  return id !== undefined && isFeminineName(draft.names[id] ?? '');
}

/** The line under the attendance: how many are marked, then each absence's count. */
export function AttendanceTally({ draft }: { draft: Draft }) {
  const counts = tally(draft);
  const parts = [
    `Отмечено ${counts.marked} из ${draft.students.length}`,
    ...COUNTED.filter((status) => counts[status] > 0).map((status) => attendanceCount(status, counts[status], counts[status] === 1 && onlyOneIsGirl(draft, status))),
  ];
  return (
    <p className="journal-tally muted" aria-live="polite">
      {parts.join(' · ')}
    </p>
  );
}
