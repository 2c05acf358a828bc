//! /profile (manager): one's own names and contacts, and the way to the password page.
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { UserHeader } from '../../components/UserHeader';
import { api } from '../../lib/api/client';
import { refreshCurrentUser } from '../../lib/session';
import { addToast } from '../../lib/toasts';
import { useCard, userUrl } from '../../lib/useCard';
import { currentUser } from '../../lib/user';
import { paths } from '../../paths';
import { UserForm } from './UserForm';
import { personValues, updateBody } from './userForm';
import './people.css';

export default function ProfilePage() {
  const { user } = useSnapshot(currentUser);
  const navigate = useNavigate();
  const id = user?.id ?? 0;
  const { card, status, reload } = useCard(id);
  return (
    <UserHeader card={card} status={status} heading="Мой профиль">
      {card && (
        <>
          <UserForm
            key={card.updated_at}
            creating={false}
            initial={personValues(card)}
            tags={[]}
            withNotes={false}
            submitLabel="Сохранить"
            submit={async (values) => {
              await api(userUrl(id), { method: 'PUT', body: updateBody(values) });
              await refreshCurrentUser();
              reload();
              addToast({ color: 'success', title: 'Профиль сохранён' });
            }}
            onCancel={() => void navigate(paths.home)}
          />
          <p>
            <Link to={paths.settingsPassword}>Сменить пароль</Link>
          </p>
        </>
      )}
    </UserHeader>
  );
}
