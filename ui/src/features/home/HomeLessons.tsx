//! The lessons on the start page: a teacher his lessons today (with the buttons to run them), a
//! student or a parent the next lessons (the server answers only his own, his children's).
import { Link } from 'react-router';
import { lessonAction } from '../../components/LessonDialogs';
import { LessonList } from '../../components/LessonList';
import type { Lesson } from '../../lib/teaching';
import { today } from '../../lib/timetable';
import { useList } from '../../lib/useList';
import type { CurrentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import './home.css';

const NEXT = 5;

export function HomeLessons({ user }: { user: CurrentUser }) {
  const teaches = user.roles.includes('worker');
  const learns = user.roles.includes('student') || user.roles.includes('parent');
  const day = today();
  const query = teaches ? { teacher_id: user.id, from: day, to: day, per_page: 50 } : { from: day, per_page: NEXT };
  const list = useList<Lesson>(teaches || learns ? endpoints.lessons : null, query);
  const rows = list.page?.data ?? [];
  if (!teaches && !learns) return null;
  return (
    <section className="home-lessons" aria-labelledby="home-lessons">
      <h2 id="home-lessons">{teaches ? 'Мои занятия сегодня' : 'Ближайшие занятия'}</h2>
      {!list.page ? (
        list.failed ? <p className="muted">Не удалось загрузить занятия.</p> : <p aria-busy="true">Загружаем занятия…</p>
      ) : rows.length === 0 ? (
        <p className="muted">{teaches ? 'Сегодня занятий нет.' : 'Ближайших занятий нет.'}</p>
      ) : (
        <LessonList
          lessons={rows}
          busy={list.loading}
          manages={(lesson) => teaches && lesson.teacher_id === user.id}
          onAction={(action, lesson) => void lessonAction(action, lesson).then((changed) => changed && list.reload(), () => undefined)}
        />
      )}
      <p>
        <Link to={teaches ? `${paths.lessons}?teacher=${user.id}` : paths.lessons}>Все занятия</Link>
      </p>
    </section>
  );
}
