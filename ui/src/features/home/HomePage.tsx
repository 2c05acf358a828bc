//! The start page of a signed-in user: a greeting, a manager's school today at a glance, his
//! lessons (a teacher's day, a student's or a parent's next ones, with tomorrow's homework and the
//! new marks) and the sections open to him (the menu's pages, by the menu's rules).
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { menuPages } from '../../app/menu';
import { Icon } from '../../components/Icon';
import { paths } from '../../paths';
import { currentUser } from '../../lib/user';
import { HomeLessons } from './HomeLessons';
import { LearnerWidgets } from './LearnerWidgets';
import { SchoolToday } from './SchoolToday';

export default function HomePage() {
  const { user } = useSnapshot(currentUser);
  const links = menuPages(user).filter((link) => link.path !== paths.home);
  return (
    <>
      <h1>Здравствуйте{user ? `, ${user.first_name}` : ''}!</h1>
      {user?.roles.includes('manager') && <SchoolToday user={user} />}
      {user && <HomeLessons user={user} />}
      {user && <LearnerWidgets user={user} />}
      <p className="muted">Разделы портала, доступные вам:</p>
      <div className="card-grid">
        {links.map((link) => (
          <Link key={link.id} to={link.path} className="card-link">
            {link.icon && <Icon name={link.icon} />}
            <span>{link.label}</span>
          </Link>
        ))}
      </div>
    </>
  );
}
