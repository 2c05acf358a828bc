//! /group-lessons/create (staff): a new group with its weekly timetable; its lessons are made by
//! the server in the same step (or nothing is, when the timetable clashes); then the group's page.
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { to } from '../../lib/person';
import { useSubjects } from '../../lib/teaching';
import { today } from '../../lib/timetable';
import { addToast } from '../../lib/toasts';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { GroupForm } from './GroupForm';
import { emptyGroup, teachesOwnOnly } from './groupForm';
import './groups.css';

export default function CreateGroupPage() {
  const navigate = useNavigate();
  const { user } = useSnapshot(currentUser);
  const { subjects } = useSubjects();
  const own = teachesOwnOnly(user?.roles ?? []);
  return (
    <section className="form-page wide-form">
      <h1>Новая группа</h1>
      <GroupForm
        initial={emptyGroup(own && user ? { id: user.id, full_name: user.full_name } : null, today())}
       
        subjects={subjects}
        teacherFixed={own}
        submitLabel="Создать группу"
        submit={async (body) => {
          const { data } = await api<Ok<'group_lessons_create'>>(endpoints.groups, { method: 'POST', body });
          addToast({ color: 'success', title: 'Группа создана', description: data.name });
          void navigate(to(paths.group, data.id));
        }}
        onCancel={() => void navigate(paths.groups)}
      />
    </section>
  );
}
