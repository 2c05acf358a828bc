//! /users/{id}/tasks: the tasks assigned to or about a person that the viewer may see, by state
//! and due period (in the address); a task is opened to change or delete it.
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { ListResults } from '../../components/ListResults';
import { UserHeader } from '../../components/UserHeader';
import { confirmDelete } from '../../components/confirmDelete';
import { DayField } from '../../components/DayField';
import { FilterSelect } from '../../components/FilterSelect';
import { useCard, userUrl } from '../../lib/useCard';
import { useListPage } from '../../lib/useListPage';
import { currentUser, isStaff } from '../../lib/user';
import { openTaskDialog } from './TaskDialog';
import { personTaskFilters, STATUS_NAMES, TASK_STATUSES, taskUrl, todayOf, type Task } from './tasks';
import { TasksTable } from './TasksTable';
import './tasks.css';

export default function UserTasksPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const { user } = useSnapshot(currentUser);
  const view = useListPage(personTaskFilters, card ? userUrl(id, 'tasks') : null);
  const { filters, update, list } = view;
  const rows = list.page?.data ?? [];
  const edit = async (task: Task) => {
    if (await openTaskDialog({ task, day: todayOf(rows), staff: isStaff(user) })) list.reload();
  };
  const remove = async (task: Task) => {
    const deleted = await confirmDelete({ title: 'Удалить задачу?', message: `«${task.title}» будет удалена.`, url: taskUrl(task.id), name: task.title, done: 'Задача удалена' }).catch(() => false);
    if (deleted) list.reload();
  };
  return (
    <UserHeader card={card} status={status} heading="Задачи">
      <search className="filters tasks-filters">
        <FilterSelect label="Состояние" any="Любое состояние" value={filters.status} choices={TASK_STATUSES} names={STATUS_NAMES} onChange={(status) => update({ status })} />
        <label>
          Срок с
          <DayField value={filters.from} onChange={(from) => update({ from })} label="Срок с" />
        </label>
        <label>
          по
          <DayField value={filters.to} onChange={(to) => update({ to })} label="Срок по" />
        </label>
      </search>
      <ListResults view={view} what="задачи" empty={<p>Задач, связанных с этим человеком, нет.</p>}>
        {(page, busy) => <TasksTable rows={page} busy={busy} onEdit={(task) => void edit(task)} onRemove={(task) => void remove(task)} />}
      </ListResults>
    </UserHeader>
  );
}
