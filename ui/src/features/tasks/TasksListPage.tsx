//! /tasks/list: the tasks one may see (a manager: all; anyone else those he wrote or was given) as
//! a table — search, state, assignee, author and due period in the address (the list kit), sort
//! headers, paging; rows selected for a bulk «Выполнено»; a task created, changed or deleted.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { PersonField } from '../../components/PeoplePicker';
import { SearchField } from '../../components/SearchField';
import { confirmDelete } from '../../components/confirmDelete';
import { DayField } from '../../components/DayField';
import { FilterSelect } from '../../components/FilterSelect';
import { plural } from '../../lib/plural';
import { addToast } from '../../lib/toasts';
import { useListPage } from '../../lib/useListPage';
import { currentUser, isStaff } from '../../lib/user';
import { usePeople } from '../../lib/usePeople';
import { endpoints } from '../../paths';
import { openTaskDialog } from './TaskDialog';
import { completeTasks, PRIORITIES, PRIORITY_NAMES, STATUS_NAMES, TASK_SORTS, TASK_STATUSES, taskFilters, taskUrl, todayOf, type Task } from './tasks';
import { TasksNav } from './TasksNav';
import { TasksTable } from './TasksTable';
import './tasks.css';

export default function TasksListPage() {
  const { user } = useSnapshot(currentUser);
  const staff = isStaff(user);
  const view = useListPage(taskFilters, endpoints.tasks);
  const { filters, update, list } = view;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [completing, setCompleting] = useState(false);
  const chosen = [filters.assignee, filters.author].filter((id): id is number => id !== null);
  const { people } = usePeople(chosen);
  const person = (id: number | null) => (id === null ? null : (people.find((p) => p.id === id) ?? { id }));
  const rows = list.page?.data ?? [];

  const select = (ids: readonly number[], on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  // Only rows on the page count: a selection does not follow a filter or another page.
  const picked = rows.filter((task) => selected.has(task.id) && task.status !== 'done');

  const complete = async () => {
    setCompleting(true);
    try {
      const done = await completeTasks(picked.map((task) => task.id));
      addToast({ color: 'success', title: `Выполнено: ${done.length} ${plural(done.length, ['задача', 'задачи', 'задач'])}` });
      setSelected(new Set());
      list.reload();
    } catch {
      // The client has told what went wrong.
    } finally {
      setCompleting(false);
    }
  };

  const edit = async (task?: Task) => {
    const result = await openTaskDialog({ task, day: todayOf(rows), staff });
    if (result) list.reload();
  };
  const remove = async (task: Task) => {
    const deleted = await confirmDelete({ title: 'Удалить задачу?', message: `«${task.title}» будет удалена.`, url: taskUrl(task.id), name: task.title, done: 'Задача удалена' }).catch(() => false);
    if (deleted) list.reload();
  };

  return (
    <>
      <PageHeading title="Задачи">
        <button type="button" onClick={() => void edit()}>
          <Icon name="plus" size={18} /> Новая задача
        </button>
      </PageHeading>
      <TasksNav />
      <search className="filters tasks-filters">
        <SearchField value={filters.search} onSearch={(search) => update({ search }, true)} placeholder="Название или описание" label="Поиск по задачам" />
        <FilterSelect label="Состояние" any="Любое состояние" value={filters.status} choices={TASK_STATUSES} names={STATUS_NAMES} onChange={(status) => update({ status })} />
        <FilterSelect label="Приоритет" any="Любой приоритет" value={filters.priority} choices={PRIORITIES} names={PRIORITY_NAMES} onChange={(priority) => update({ priority })} />
        <PersonField person={person(filters.assignee)} onChange={(p) => update({ assignee: p?.id ?? null })} label="Кому" />
        <PersonField person={person(filters.author)} onChange={(p) => update({ author: p?.id ?? null })} label="Автор" />
        <label>
          Срок с
          <DayField value={filters.from} onChange={(from) => update({ from })} label="Срок с" />
        </label>
        <label>
          по
          <DayField value={filters.to} onChange={(to) => update({ to })} label="Срок по" />
        </label>
      </search>
      {picked.length > 0 && (
        <div className="tasks-bulk" role="region" aria-label="Выбранные задачи">
          <span>
            Выбрано: {picked.length} {plural(picked.length, ['задача', 'задачи', 'задач'])}
          </span>
          <button type="button" aria-busy={completing} onClick={() => void complete()}>
            Выполнено
          </button>
          <button type="button" className="secondary outline" onClick={() => setSelected(new Set())}>
            Снять выбор
          </button>
        </div>
      )}
      <ListResults view={view} what="задачи" sorts={TASK_SORTS} empty={<p>Задач пока нет. Добавьте первую кнопкой «Новая задача».</p>}>
        {(page, busy) => (
          <TasksTable rows={page} busy={busy} sort={filters.sort} onSort={(sort) => update({ sort })} selected={selected} onSelect={select} onEdit={(task) => void edit(task)} onRemove={(task) => void remove(task)} />
        )}
      </ListResults>
    </>
  );
}
