//! The three views of one's tasks under the page's heading: «Мои», «Список», «Календарь».
import { NavLink } from 'react-router';
import { paths } from '../../paths';
// The tabs look as the card's (the `.tabs` of the user's header).
import '../../components/UserHeader.css';

export function TasksNav() {
  return (
    <nav className="tabs" aria-label="Задачи">
      <NavLink to={paths.tasks} end>
        Мои
      </NavLink>
      <NavLink to={paths.tasksList} end>
        Список
      </NavLink>
      <NavLink to={paths.tasksCalendar} end>
        Календарь
      </NavLink>
    </nav>
  );
}
