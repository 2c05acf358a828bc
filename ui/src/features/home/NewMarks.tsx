//! «Новые оценки» on a student's or a parent's start page: the marks of the last 7 days, newest
//! first, with subject, kind and comment (`GET /api/users/{id}/marks`); a parent sees each child's.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MarkChip } from '../../components/MarkChip';
import { api } from '../../lib/api/client';
import { formatDate } from '../../lib/format';
import { MARK_KIND_NAMES, type MarkKind } from '../../lib/journal';
import { addDays, today } from '../../lib/timetable';
import { userUrl } from '../../lib/useCard';
import { paths } from '../../paths';

const DAYS = 7;

interface PersonMark {
  readonly id: number;
  readonly value: number;
  readonly kind: MarkKind;
  readonly weight?: number | null;
  readonly date: string;
  readonly comment?: string | null;
  readonly lesson_id?: number | null;
}

interface PersonMarks {
  readonly subjects: readonly { readonly subject_id: number; readonly subject_name: string; readonly marks: readonly PersonMark[] }[];
}

type Listed = PersonMark & { subject: string };

/** One person's marks of the last days, newest first; null while loading, 'failed' after a failure. */
function useRecentMarks(userId: number): readonly Listed[] | null | 'failed' {
  const [marks, setMarks] = useState<readonly Listed[] | null | 'failed'>(null);
  useEffect(() => {
    const controller = new AbortController();
    const to = today();
    api<{ data: PersonMarks }>(userUrl(userId, 'marks'), { query: { from: addDays(to, -DAYS), to: addDays(to, 1) }, signal: controller.signal, silent: true }).then(
      ({ data }) =>
        setMarks(
          data.subjects
            .flatMap((subject) => subject.marks.map((mark) => ({ ...mark, subject: subject.subject_name })))
            .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id),
        ),
      () => !controller.signal.aborted && setMarks('failed'),
    );
    return () => controller.abort();
  }, [userId]);
  return marks;
}

function PersonRecentMarks({ userId, name }: { userId: number; name?: string }) {
  const marks = useRecentMarks(userId);
  return (
    <div className="home-person">
      {name && <h3>{name}</h3>}
      {marks === null ? (
        <p aria-busy="true">Загружаем оценки…</p>
      ) : marks === 'failed' ? (
        <p className="muted">Не удалось загрузить оценки.</p>
      ) : marks.length === 0 ? (
        <p className="muted">За последние {DAYS} дней оценок нет.</p>
      ) : (
        <ul className="home-list home-marks-list">
          {marks.map((mark) => (
            <li key={mark.id}>
              <MarkChip mark={mark} />
              <span>
                <strong>{mark.subject}</strong> <span className="muted">{MARK_KIND_NAMES[mark.kind]}, {formatDate(mark.date)}</span>
                {mark.comment && <span className="home-mark-comment">{mark.comment}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `learners`: the student himself, or a parent's children, with their names. */
export function NewMarks({ learners, parent }: { learners: readonly { id: number; name: string }[]; parent: boolean }) {
  return (
    <section className="home-widget home-marks" aria-labelledby="home-marks">
      <h2 id="home-marks">Новые оценки</h2>
      {learners.length === 0 ? (
        <p className="muted">{parent ? 'К вашей учётной записи не привязаны дети.' : 'Оценок нет.'}</p>
      ) : (
        learners.map((learner) => <PersonRecentMarks key={learner.id} userId={learner.id} name={learners.length > 1 || parent ? learner.name : undefined} />)
      )}
      <p>
        <Link to={paths.marks}>Все оценки</Link>
      </p>
    </section>
  );
}
