//! A teacher's day on the start page: his lessons today on the school's clock, each a large card —
//! time, room, subject, group, state and whether its journal is filled — that opens the lesson's
//! journal (`/lessons/{id}`) with one tap.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Ok } from '../../api/types';
import { SubjectChip } from '../../components/SubjectChip';
import { api } from '../../lib/api/client';
import { lessonUrl, STATUS_NAMES, type Lesson } from '../../lib/teaching';
import { addDays, onSchoolDay, timeRange, today } from '../../lib/timetable';
import { useList } from '../../lib/useList';
import type { CurrentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';

/** How much of a lesson's journal is taken: students marked of all. */
interface Filled {
  marked: number;
  total: number;
}

/** The journal of each lesson shown, as far as it is filled (a few lessons a day: one call each). */
function useFilled(lessons: readonly Lesson[]): ReadonlyMap<number, Filled> {
  const [filled, setFilled] = useState<ReadonlyMap<number, Filled>>(new Map());
  const key = lessons.map((lesson) => `${lesson.id}:${lesson.status}`).join(',');
  useEffect(() => {
    const controller = new AbortController();
    const load = (lesson: Lesson) =>
      api<Ok<'lessons_journal'>>(lessonUrl(lesson.id, 'journal'), { signal: controller.signal, silent: true }).then(
        ({ data }) => [[lesson.id, { marked: data.records.length, total: data.students.length }] as const],
        () => [],
      );
    void Promise.all(lessons.filter((lesson) => lesson.status !== 'cancelled').map(load)).then((found) => {
      if (!controller.signal.aborted) setFilled(new Map(found.flat()));
    });
    return () => controller.abort();
  }, [key]);
  return filled;
}

function JournalMark({ filled }: { filled: Filled | undefined }) {
  if (!filled) return null;
  if (filled.marked === 0) return <span className="day-journal" data-filled="none">Журнал не заполнен</span>;
  if (filled.marked < filled.total)
    return (
      <span className="day-journal" data-filled="part">
        Журнал: {filled.marked} из {filled.total}
      </span>
    );
  return (
    <span className="day-journal" data-filled="all">
      ✓ Журнал заполнен
    </span>
  );
}

export function TeacherDay({ user }: { user: CurrentUser }) {
  // The browser's day may differ from the school's: ask a day either side, keep the school's today.
  const near = today();
  const list = useList<Lesson>(endpoints.lessons, { teacher_id: user.id, from: addDays(near, -1), to: addDays(near, 1), per_page: 100 });
  const rows = onSchoolDay(list.page?.data ?? []);
  const filled = useFilled(rows);
  return (
    <section className="home-lessons" aria-labelledby="home-lessons">
      <h2 id="home-lessons">Мои занятия сегодня</h2>
      {!list.page ? (
        list.failed ? <p className="muted">Не удалось загрузить занятия.</p> : <p aria-busy="true">Загружаем занятия…</p>
      ) : rows.length === 0 ? (
        <p className="muted">Сегодня занятий нет.</p>
      ) : (
        <ul className="teacher-day" aria-busy={list.loading}>
          {rows.map((lesson) => {
            const group = lesson.group_name ?? 'Индивидуальное';
            return (
              <li key={lesson.id} className="day-lesson" data-status={lesson.status}>
                <Link to={paths.lesson.replace(':id', String(lesson.id))}>
                  <span className="day-time">
                    <strong>{timeRange(lesson.starts_at, lesson.ends_at)}</strong>
                    {lesson.room && <small>каб. {lesson.room}</small>}
                  </span>
                  <span className="day-what">
                    <span className="day-title">
                      <SubjectChip subject={{ name: lesson.subject_name, color: lesson.subject_color }} /> <span>{group}</span>
                    </span>
                    <span className="day-state">
                      <span className="badge" data-lesson-status={lesson.status}>
                        {STATUS_NAMES[lesson.status]}
                      </span>
                      {lesson.status !== 'cancelled' && <JournalMark filled={filled.get(lesson.id)} />}
                    </span>
                  </span>
                  <span className="day-open" aria-hidden="true">
                    ›
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to={`${paths.lessons}?teacher=${user.id}`}>Все занятия</Link>
      </p>
    </section>
  );
}
