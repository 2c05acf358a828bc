//! How far the attendance is taken: «Отмечено 12 из 15», then how many were late or absent.
import { ATTENDANCE_TITLES } from '../../lib/journal';
import { tally, type Draft } from './journalForm';

export function AttendanceTally({ draft }: { draft: Draft }) {
  const counts = tally(draft);
  const parts = [
    `Отмечено ${counts.marked} из ${draft.students.length}`,
    ...(['late', 'excused', 'unexcused'] as const).filter((status) => counts[status] > 0).map((status) => `${ATTENDANCE_TITLES[status]}: ${counts[status]}`),
  ];
  return (
    <p className="journal-tally muted" aria-live="polite">
      {parts.join(' · ')}
    </p>
  );
}
