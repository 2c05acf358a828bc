//! A student's marks over a period by subject (`GET /api/users/{id}/marks`): each subject with
//! its marks (date, kind and weight in their titles), the weighted average and the term mark.
import { useEffect, useState } from 'react';
import type { Ok } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { MarkChip } from '../../components/MarkChip';
import { api } from '../../lib/api/client';
import { formatDate } from '../../lib/format';
import { formatAverage } from '../../lib/journal';
import { userUrl } from '../../lib/useCard';

type PersonMarksView = Ok<'users_marks'>['data'];

function usePersonMarks(userId: number, from: string, to: string) {
  const [marks, setMarks] = useState<PersonMarksView | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setMarks(null);
    setFailed(false);
    api<Ok<'users_marks'>>(userUrl(userId, 'marks'), { query: { from, to }, signal: controller.signal }).then(
      ({ data }) => setMarks(data),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [userId, from, to, round]);
  return { marks, failed, reload: () => setRound((n) => n + 1) };
}

export function PersonMarks({ userId, from, to }: { userId: number; from: string; to: string }) {
  const { marks, failed, reload } = usePersonMarks(userId, from, to);
  if (!marks) {
    if (!failed) return <p aria-busy="true">Загружаем оценки…</p>;
    return (
      <div className="empty-state">
        <p>Не удалось загрузить оценки.</p>
        <button type="button" className="secondary outline" onClick={reload}>
          Повторить
        </button>
      </div>
    );
  }
  if (marks.subjects.length === 0)
    return (
      <div className="empty-state">
        С {formatDate(from)} по {formatDate(to)} оценок нет.
      </div>
    );
  return (
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
              <span className="mark-chips">
                {subject.marks.map((mark) => (
                  <MarkChip key={mark.id} mark={mark} note={[formatDate(mark.date), mark.comment].filter(Boolean).join(' · ')} />
                ))}
              </span>
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
  );
}
