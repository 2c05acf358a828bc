//! «Домашнее задание на завтра» on a student's or a parent's start page: tomorrow's lessons (on the
//! school's clock) with the homework given at the lesson before each, a parent's by child.
import { Link } from 'react-router';
import { SubjectChip } from '../../components/SubjectChip';
import { shortName } from '../../lib/format';
import type { Lesson } from '../../lib/teaching';
import { addDays, onSchoolDay, schoolTime, today } from '../../lib/timetable';
import { useList } from '../../lib/useList';
import { endpoints, paths } from '../../paths';
import { homeworkDue } from './homework';

/** How far back the lesson that set the homework may lie: a week covers a weekly timetable and
 * keeps a parent of several children within one page of lessons. */
const LOOK_BACK_DAYS = 7;

export function TomorrowHomework({ names }: { names: ReadonlyMap<number, string> }) {
  const near = today();
  const list = useList<Lesson>(endpoints.lessons, { from: addDays(near, -LOOK_BACK_DAYS), to: addDays(near, 2), per_page: 100 });
  const rows = list.page?.data ?? [];
  const tomorrow = onSchoolDay(rows, 1).filter((lesson) => lesson.status !== 'cancelled');
  const due = tomorrow.flatMap((lesson) => {
    const given = homeworkDue(lesson, rows);
    return given ? [{ lesson, given }] : [];
  });
  const whose = (lesson: Lesson) =>
    names.size > 1
      ? lesson.student_ids
          .flatMap((id) => (names.has(id) ? [shortName(names.get(id) ?? '')] : []))
          .join(', ')
      : '';
  return (
    <section className="home-widget home-homework" aria-labelledby="home-homework">
      <h2 id="home-homework">Домашнее задание на завтра</h2>
      {!list.page ? (
        list.failed ? <p className="muted">Не удалось загрузить занятия.</p> : <p aria-busy="true">Загружаем домашние задания…</p>
      ) : tomorrow.length === 0 ? (
        <p className="muted">Завтра занятий нет.</p>
      ) : due.length === 0 ? (
        <p className="muted">На завтра ничего не задано.</p>
      ) : (
        <ul className="home-list">
          {due.map(({ lesson, given }) => (
            <li key={lesson.id}>
              <p className="home-list-head">
                <strong>{schoolTime(lesson.starts_at)}</strong> <SubjectChip subject={{ name: lesson.subject_name, color: lesson.subject_color }} />
                {whose(lesson) && <span className="muted">{whose(lesson)}</span>}
              </p>
              <p className="home-homework-text">
                <Link to={paths.lesson.replace(':id', String(given.id))}>{given.homework}</Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
