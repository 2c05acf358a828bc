//! A teacher's day on the start page: his lessons today on the school's clock, each a large card —
//! time, room, subject, group, state and whether its journal is filled — that opens the lesson's
//! journal (`/lessons/{id}`) with one tap; below, his lessons of the last week that are over and
//! still planned (their journal not filled), as the same cards.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Ok } from '../../api/types';
import { SubjectChip } from '../../components/SubjectChip';
import { api } from '../../lib/api/client';
import { lessonUrl, STATUS_NAMES, UNFILLED_DAYS, type Lesson } from '../../lib/teaching';
import { addDays, onSchoolDay, schoolDay, timeRange, today, WEEKDAY_SHORT, weekdayOf } from '../../lib/timetable';
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

/** «пт, 27.11»: a day of the last week, short enough for the card's time column on a phone. */
const shortDay = (day: string) => `${WEEKDAY_SHORT[weekdayOf(day)]}, ${day.slice(8, 10)}.${day.slice(5, 7)}`;

/** One lesson as a large card that opens its journal: its time (with its day, for another day's),
 * room, subject, group, state and how far its journal is filled. */
function DayCard({ lesson, filled, dated }: { lesson: Lesson; filled: Filled | undefined; dated?: boolean }) {
  const group = lesson.group_name ?? 'Индивидуальное';
  return (
    <li className="day-lesson" data-status={lesson.status}>
      <Link to={paths.lesson.replace(':id', String(lesson.id))}>
        <span className="day-time">
          {dated && <small>{shortDay(schoolDay(lesson.starts_at))}</small>}
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
            {lesson.status !== 'cancelled' && <JournalMark filled={filled} />}
          </span>
        </span>
        <span className="day-open" aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}

/** The query of a teacher's lessons left unfilled, as of the school's `day`: his planned lessons
 *  over by now (`over=true`) of the `UNFILLED_DAYS` days up to yesterday (today's show above,
 *  each with its state). */
export const unfilledQuery = (teacher: number, day: string) => ({
  teacher_id: teacher,
  status: 'planned',
  over: 'true',
  from: addDays(day, 1 - UNFILLED_DAYS),
  to: addDays(day, -1),
  per_page: 100,
});

/** His lessons of the days before the school's today within `UNFILLED_DAYS` that are still
 * planned: over, and nobody saved their journal. */
function Unfilled({ user }: { user: CurrentUser }) {
  const list = useList<Lesson>(endpoints.lessons, unfilledQuery(user.id, today()));
  const rows = list.page?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="home-unfilled" aria-labelledby="home-unfilled">
      <h2 id="home-unfilled">Журнал не заполнен</h2>
      <p className="muted">Эти занятия прошли, но посещаемость не отмечена. Если занятия не было, отмените его.</p>
      <ul className="teacher-day">
        {rows.map((lesson) => (
          <DayCard key={lesson.id} lesson={lesson} filled={{ marked: 0, total: lesson.student_ids.length }} dated />
        ))}
      </ul>
    </section>
  );
}

export function TeacherDay({ user }: { user: CurrentUser }) {
  // The browser's day may differ from the school's: ask a day either side, keep the school's today.
  const near = today();
  const list = useList<Lesson>(endpoints.lessons, { teacher_id: user.id, from: addDays(near, -1), to: addDays(near, 1), per_page: 100 });
  const rows = onSchoolDay(list.page?.data ?? []);
  const filled = useFilled(rows);
  return (
    <>
      <section className="home-lessons" aria-labelledby="home-lessons">
        <h2 id="home-lessons">Мои занятия сегодня</h2>
        {!list.page ? (
          list.failed ? <p className="muted">Не удалось загрузить занятия.</p> : <p aria-busy="true">Загружаем занятия…</p>
        ) : rows.length === 0 ? (
          <p className="muted">Сегодня занятий нет.</p>
        ) : (
          <ul className="teacher-day" aria-busy={list.loading}>
            {rows.map((lesson) => (
              <DayCard key={lesson.id} lesson={lesson} filled={filled.get(lesson.id)} />
            ))}
          </ul>
        )}
        <p>
          <Link className="tap-link" to={`${paths.lessons}?teacher=${user.id}`}>Все занятия</Link>
        </p>
      </section>
      <Unfilled user={user} />
    </>
  );
}
