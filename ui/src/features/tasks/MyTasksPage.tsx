//! /tasks: my unfinished tasks by the school's today — «Просрочено», «Сегодня», «На неделе» (the
//! coming seven days) — each marked done with one tap, opened to change it; a quick add line on
//! top (title, due day, for staff «Кому»).
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { PageHeading } from '../../components/PageHeading';
import { fetchAllPages } from '../../lib/allPages';
import { addDays, today as browserToday } from '../../lib/timetable';
import { addToast } from '../../lib/toasts';
import { currentUser, isStaff } from '../../lib/user';
import { endpoints } from '../../paths';
import { QuickAdd } from './QuickAdd';
import { openTaskDialog } from './TaskDialog';
import { TaskItem } from './TaskItem';
import { OPEN_STATUSES, sectionsOf, todayOf, type Task } from './tasks';
import { TasksNav } from './TasksNav';
import { useTaskDone } from './useTaskDone';
import './tasks.css';

/** My unfinished tasks due up to a week ahead (a day more: the browser's day may lag the school's). */
function useMyTasks(userId: number | null) {
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    setFailed(false);
    // Every page: a backlog of overdue tasks, oldest first, must not push today's off the list.
    const query = { assignee_id: userId, due_to: addDays(browserToday(), 8), sort: 'due_on' };
    Promise.all(OPEN_STATUSES.map((status) => fetchAllPages<Task>(endpoints.tasks, { ...query, status }, controller.signal))).then(
      (lists) => setTasks(lists.flatMap((list) => list.rows)),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [userId, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { tasks, setTasks, failed, reload };
}

export default function MyTasksPage() {
  const { user } = useSnapshot(currentUser);
  const staff = isStaff(user);
  const { tasks, setTasks, failed, reload } = useMyTasks(user?.id ?? null);
  const done = useTaskDone();
  const today = todayOf(tasks ?? []);
  const sections = sectionsOf(tasks ?? [], today);

  // A task given to someone else leaves my list.
  const mine = (task: Task) => task.assignee_id === user?.id;
  const replace = (saved: Task) => setTasks((old) => (old ?? []).map((task) => (task.id === saved.id ? saved : task)).filter(mine));
  const open = async (task?: Task) => {
    const result = await openTaskDialog({ task, day: today, staff });
    if (!result) return;
    if ('deleted' in result) setTasks((old) => (old ?? []).filter((t) => t.id !== result.deleted));
    else if (task) replace(result.saved);
    else added(result.saved);
    if (task) done.forget(task.id);
  };
  const added = (task: Task) => {
    if (mine(task)) setTasks((old) => [...(old ?? []), task]);
    else addToast({ color: 'success', title: 'Задача отправлена', description: `${task.assignee_name}: ${task.title}` });
  };

  const section = (key: keyof typeof sections, title: string, empty: string) => (
    <section className="task-section" data-section={key} aria-labelledby={`tasks-${key}`}>
      <h2 id={`tasks-${key}`}>
        {title} <span className="muted">{sections[key].length}</span>
      </h2>
      {sections[key].length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="task-items">
          {sections[key].map((task) => (
            <TaskItem
              key={task.id}
              task={task}
              status={done.statusOf(task)}
              busy={done.busy(task)}
              selfId={user?.id ?? null}
              showDay={key !== 'today'}
              onDone={(checked) => void done.toggle(task, checked)}
              onOpen={() => void open({ ...task, status: done.statusOf(task) })}
            />
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <>
      <PageHeading title="Мои задачи">
        <button type="button" onClick={() => void open()}>
          <Icon name="plus" size={18} /> Новая задача
        </button>
      </PageHeading>
      <TasksNav />
      <QuickAdd key={today} today={today} staff={staff} onAdded={added} />
      {failed ? (
        <div className="empty-state">
          <p>Не удалось загрузить задачи.</p>
          <button type="button" className="secondary outline" onClick={reload}>
            Повторить
          </button>
        </div>
      ) : tasks === null ? (
        <p aria-busy="true">Загружаем задачи…</p>
      ) : (
        <>
          {sections.overdue.length > 0 && section('overdue', 'Просрочено', '')}
          {section('today', 'Сегодня', 'На сегодня задач нет.')}
          {section('week', 'На неделе', 'На ближайшие семь дней задач нет.')}
        </>
      )}
    </>
  );
}
