//! A student's marks over a period by subject (`GET /api/users/{id}/marks`): each subject with
//! its marks (a tap on one, or a hover, tells its date, kind and weight), the weighted average and
//! the term mark.
import { useState } from 'react';
import type { Ok } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { LoadFailure } from '../../components/LoadFailure';
import { MarkChip, markAbout, markTitle } from '../../components/MarkChip';
import { formatDate } from '../../lib/format';
import { formatAverage } from '../../lib/journal';
import { useStudentJournal } from '../../lib/useStudentJournal';

type SubjectMark = Ok<'users_marks'>['data']['subjects'][number]['marks'][number];

/** A mark's date and comment, before its kind. */
const noteOf = (mark: SubjectMark) => [formatDate(mark.date), mark.comment].filter(Boolean).join(' · ');

/** A subject's marks as buttons: a tap (or Enter) tells the one's date and kind under them, a
 * second tap hides it (a phone has no hover for the title). */
function MarkList({ marks, open, onToggle }: { marks: readonly SubjectMark[]; open: number | null; onToggle: (id: number) => void }) {
  const shown = marks.find((mark) => mark.id === open);
  return (
    <div className="mark-list">
      <span className="mark-chips">
        {marks.map((mark) => (
          <button key={mark.id} type="button" className="mark-button" aria-label={markTitle(mark)} aria-expanded={mark.id === open} onClick={() => onToggle(mark.id)}>
            <MarkChip mark={mark} note={noteOf(mark)} />
          </button>
        ))}
      </span>
      {shown && <small className="mark-about">{markAbout(shown, noteOf(shown))}</small>}
    </div>
  );
}

export function PersonMarks({ userId, from, to }: { userId: number; from: string; to: string }) {
  const { data: marks, failed, refused, reload } = useStudentJournal(userId, 'marks', from, to);
  const [open, setOpen] = useState<number | null>(null);
  const toggle = (id: number) => setOpen(open === id ? null : id);
  if (!marks) {
    if (!failed) return <p aria-busy="true">Загружаем оценки…</p>;
    return <LoadFailure what="оценки" refused={refused} onRetry={reload} />;
  }
  if (marks.subjects.length === 0)
    return (
      <div className="empty-state">
        С {formatDate(from)} по {formatDate(to)} оценок нет.
      </div>
    );
  return (
    <>
      <DataTable
        caption="Оценки по предметам"
        className="subject-marks"
        head={
          <>
            <th scope="col">Предмет</th>
            <th scope="col">Оценки</th>
            <th scope="col">Средний</th>
            <th scope="col">Итог</th>
          </>
        }
      >
        {marks.subjects.map((subject) => (
          <tr key={subject.subject_id}>
            <td data-label="Предмет">
              <strong>{subject.subject_name}</strong>
            </td>
            <td data-label="Оценки" className="subject-marks-list">
              {subject.marks.length ? (
                <MarkList marks={subject.marks} open={open} onToggle={toggle} />
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td data-label="Средний" className="journal-average">
              {formatAverage(subject.average)}
            </td>
            <td data-label="Итог" className="journal-average">
              {subject.term_mark ?? '—'}
            </td>
          </tr>
        ))}
      </DataTable>
      <p className="muted journal-note">Подчёркнуты оценки за контрольные; нажмите на оценку, чтобы увидеть её дату и вид.</p>
    </>
  );
}
