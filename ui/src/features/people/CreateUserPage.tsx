//! /users/create (manager): a new person with roles and tags (a student with his parents, in the
//! same step), optionally mailed a link to set a password; then their card.
import { useNavigate } from 'react-router';
import type { Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { to } from '../../lib/person';
import { addToast } from '../../lib/toasts';
import { useTags } from '../../lib/tags';
import { endpoints, paths } from '../../paths';
import { UserForm } from './UserForm';
import { createBody, emptyPerson } from './userForm';
import './people.css';

export default function CreateUserPage() {
  const navigate = useNavigate();
  const { tags } = useTags(true);
  return (
    <section className="form-page">
      <h1>Новый пользователь</h1>
      <UserForm
        creating
        initial={emptyPerson}
        tags={tags}
        withNotes
        submitLabel="Создать"
        submit={async (values) => {
          const { data } = await api<Ok<'users_create'>>(endpoints.users, { method: 'POST', body: createBody(values) });
          addToast({ color: 'success', title: 'Пользователь создан', description: data.full_name });
          void navigate(to(paths.user, data.id));
        }}
        onCancel={() => void navigate(paths.users)}
      />
    </section>
  );
}
