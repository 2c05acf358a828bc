//! The lessons on the start page: a teacher his day (each lesson opens its journal), a student or
//! a parent the next lessons (the server answers only his own, his children's).
import { Link } from 'react-router';
import { LessonList } from '../../components/LessonList';
import type { Lesson } from '../../lib/teaching';
import { today } from '../../lib/timetable';
import { useList } from '../../lib/useList';
import { waitsForChildren, type CurrentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { TeacherDay } from './TeacherDay';
import './home.css';

const NEXT = 5;
/** Today's lessons already over may come first: ask for a few more than are shown. */
const ASKED = 2 * NEXT;

/** The first `count` of `lessons` (by start) not yet over at `now`: a lesson of this morning is
 * not one of the next ones in the evening. */
export const upcoming = <T extends Pick<Lesson, 'ends_at'>>(lessons: readonly T[], now: number, count = NEXT): T[] =>
  lessons.filter((lesson) => Date.parse(lesson.ends_at) > now).slice(0, count);

function NextLessons() {
  const list = useList<Lesson>(endpoints.lessons, { from: today(), per_page: ASKED });
  const rows = upcoming(list.page?.data ?? [], Date.now());
  return (
    <section className="home-lessons" aria-labelledby="home-lessons">
      <h2 id="home-lessons">Ближайшие занятия</h2>
      {!list.page ? (
        list.failed ? <p className="muted">Не удалось загрузить занятия.</p> : <p aria-busy="true">Загружаем занятия…</p>
      ) : rows.length === 0 ? (
        <p className="muted">Ближайших занятий нет.</p>
      ) : (
        <LessonList lessons={rows} busy={list.loading} />
      )}
      <p>
        <Link className="tap-link" to={paths.lessons}>Все занятия</Link>
      </p>
    </section>
  );
}

export function HomeLessons({ user }: { user: CurrentUser }) {
  if (user.roles.includes('worker')) return <TeacherDay user={user} />;
  if ((user.roles.includes('student') || user.roles.includes('parent')) && !waitsForChildren(user)) return <NextLessons />;
  return null;
}
