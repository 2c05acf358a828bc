//! /users/{id}/update (manager): a person's names, contacts, birth date and notes.
import { useNavigate, useParams } from 'react-router';
import type { Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { addToast } from '../../lib/toasts';
import { paths } from '../../paths';
import { UserHeader } from '../../components/UserHeader';
import { to } from '../../lib/person';
import { useCard, userUrl } from '../../lib/useCard';
import { UserForm } from './UserForm';
import { personValues, updateBody } from './userForm';
import './people.css';

export default function EditUserPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { card, status } = useCard(id);
  return (
    <UserHeader card={card} status={status} heading="Редактирование">
      {card && (
        <UserForm
          creating={false}
          initial={personValues(card)}
          tags={[]}
          withNotes
          submitLabel="Сохранить"
          submit={async (values) => {
            await api<Ok<'users_update'>>(userUrl(id), { method: 'PUT', body: updateBody(values) });
            addToast({ color: 'success', title: 'Изменения сохранены' });
            void navigate(to(paths.user, id));
          }}
          onCancel={() => void navigate(to(paths.user, id))}
        />
      )}
    </UserHeader>
  );
}
