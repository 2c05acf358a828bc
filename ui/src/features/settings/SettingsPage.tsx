//! Settings: the sections of personal settings and, when signed in, the account.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { roleName } from '../../lib/person';
import { currentUser } from '../../lib/user';
import { paths } from '../../paths';

export default function SettingsPage() {
  const { user } = useSnapshot(currentUser);
  return (
    <>
      <h1>Настройки</h1>
      <div className="card-grid">
        <Link to={paths.settingsUi} className="card-link">
          <Icon name="sun" />
          <span>
            Интерфейс
            <small>Тема и основной цвет</small>
          </span>
        </Link>
        {user && (
          <Link to={paths.settingsNotifications} className="card-link">
            <Icon name="bell" />
            <span>
              Уведомления
              <small>Какие уведомления присылать на почту</small>
            </span>
          </Link>
        )}
      </div>
      {user && (
        <section aria-labelledby="account">
          <h2 id="account">Учётная запись</h2>
          <dl className="version">
            <dt>Эл. почта</dt>
            <dd>{user.email}</dd>
            <dt>Роли</dt>
            <dd>{user.roles.map(roleName).join(', ') || '—'}</dd>
          </dl>
        </section>
      )}
    </>
  );
}
