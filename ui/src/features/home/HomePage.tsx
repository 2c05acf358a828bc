//! The start page of a signed-in user: a greeting and the sections open to him.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { isGroup, visibleMenu } from '../../app/menu';
import { Icon } from '../../components/Icon';
import { currentUser } from '../../lib/user';

export default function HomePage() {
  const { user } = useSnapshot(currentUser);
  const links = visibleMenu(user)
    .flatMap((entry) => (isGroup(entry) ? entry.children.map((child) => ({ ...child, icon: child.icon ?? entry.icon })) : [entry]))
    .filter((link) => link.id !== 'home');
  return (
    <>
      <h1>Здравствуйте{user ? `, ${user.first_name}` : ''}!</h1>
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
