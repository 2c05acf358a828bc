//! «Новые оценки» on a student's or a parent's start page: the marks of the last 7 days, newest
//! first (`GET /api/marks?student_id`), with subject, kind and comment; a parent sees each child's.
import { Link } from 'react-router';
import type { Row } from '../../api/types';
import { MarkChip } from '../../components/MarkChip';
import { formatDate } from '../../lib/format';
import { MARK_KIND_NAMES } from '../../lib/journal';
import { addDays, today } from '../../lib/timetable';
import { useList } from '../../lib/useList';
import { endpoints, paths } from '../../paths';

const DAYS = 7;

type Mark = Row<'marks_list'>;

function PersonRecentMarks({ userId, name }: { userId: number; name?: string }) {
  const day = today();
  const list = useList<Mark>(endpoints.marks, { student_id: userId, from: addDays(day, -DAYS), to: addDays(day, 1), per_page: 50 });
  const marks = list.page ? list.page.data : list.failed ? 'failed' : null;
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
                <strong>{mark.subject_name}</strong> <span className="muted">{MARK_KIND_NAMES[mark.kind]}, {formatDate(mark.date)}</span>
                {mark.comment && <span className="home-mark-comment">{mark.comment}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** `learners`: the student himself, or a parent's children (at least one), with their names. */
export function NewMarks({ learners, parent }: { learners: readonly { id: number; name: string }[]; parent: boolean }) {
  return (
    <section className="home-widget home-marks" aria-labelledby="home-marks">
      <h2 id="home-marks">Новые оценки</h2>
      {learners.map((learner) => (
        <PersonRecentMarks key={learner.id} userId={learner.id} name={learners.length > 1 || parent ? learner.name : undefined} />
      ))}
      <p>
        <Link className="tap-link" to={paths.marks}>Все оценки</Link>
      </p>
    </section>
  );
}
