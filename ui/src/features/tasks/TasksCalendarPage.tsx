//! /tasks/calendar: tasks by due day on the month grid of the lessons' calendar (the month in the
//! address, `?date=2026-11-23`). A task is dragged to another day to change its due day; with the
//! keyboard (or a finger) a day is chosen, its tasks listed under the grid, and a task opened
//! changes its day in the dialog. Staff see their own tasks or, switched, all they may see. A
//! busy day shows its first tasks and «ещё 5», which lists them all under the grid; a month of
//! more than 500 tasks says up to which day it shows them.
import { useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { FirstOfDay, MonthGrid } from '../../components/MonthGrid';
import { PAGE_SIZE } from '../../lib/allPages';
import { formatCount } from '../../lib/format';
import { PageHeading } from '../../components/PageHeading';
import { addMonths, dotted, isDay, periodTitle } from '../../lib/period';
import { addToast } from '../../lib/toasts';
import { currentUser, isStaff } from '../../lib/user';
import { openTaskDialog } from './TaskDialog';
import { TaskItem } from './TaskItem';
import { sectionsOf, todayOf, type Task } from './tasks';
import { TasksNav } from './TasksNav';
import { MAX_PAGES, useMonthTasks } from './useMonthTasks';
import { useTaskDone } from './useTaskDone';
import './tasks.css';

const DRAG_TYPE = 'application/x-klass-task';

function Chip({ task, onOpen }: { task: Task; onOpen: () => void }) {
  const label = [task.title, task.due_time, task.status === 'done' ? 'выполнено' : ''].filter(Boolean).join(', ');
  return (
    <button
      type="button"
      className="cal-entry task-chip"
      data-priority={task.priority}
      data-done={task.status === 'done' || undefined}
      data-task={task.id}
      draggable
      title={label}
      aria-label={label}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, String(task.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onClick={onOpen}
    >
      <span className="cal-entry-time">{task.due_time ?? '•'}</span> <span className="cal-entry-title">{task.title}</span>
    </button>
  );
}

export default function TasksCalendarPage() {
  const { user } = useSnapshot(currentUser);
  const staff = isStaff(user);
  const [params, setParams] = useSearchParams();
  const all = staff && params.get('all') === '1';
  const date = params.get('date') ?? '';
  // The month shown: the address's, else this one (the browser's day, as the lessons' calendar).
  const anchor = isDay(date) ? date : todayOf([]);
  const { tasks, setTasks, failed, cutAt, reload, move } = useMonthTasks(anchor, all ? null : (user?.id ?? null));
  const today = todayOf(tasks ?? []);
  const [chosen, setChosen] = useState<string | null>(null);
  // The day listed under the grid: the one picked, else the address's, else today.
  const day = chosen ?? (isDay(date) ? date : today);
  const done = useTaskDone();
  const list = tasks ?? [];

  const go = (change: { date?: string; all?: boolean }) => {
    const next = new URLSearchParams(params);
    if (change.date !== undefined) next.set('date', change.date);
    if (change.all !== undefined) {
      if (change.all) next.set('all', '1');
      else next.delete('all');
    }
    setParams(next);
    if (change.date !== undefined) setChosen(change.date);
  };

  const open = async (task: Task) => {
    const result = await openTaskDialog({ task: { ...task, status: done.statusOf(task) }, day: task.due_on, staff });
    if (!result) return;
    done.forget(task.id);
    if ('deleted' in result) setTasks((old) => (old ?? []).filter((t) => t.id !== result.deleted));
    else setTasks((old) => (old ?? []).map((t) => (t.id === task.id ? result.saved : t)));
  };

  const create = async () => {
    const result = await openTaskDialog({ day, staff });
    if (result && 'saved' in result) setTasks((old) => [...(old ?? []), result.saved]);
  };

  const drop = async (dayTo: string, value: string) => {
    const task = list.find((t) => t.id === Number(value));
    if (!task || task.due_on === dayTo) return;
    const refused = await move(task, dayTo);
    if (refused) addToast({ color: 'error', title: 'Срок не изменён', description: refused });
    else addToast({ color: 'success', title: `Срок: ${dotted(dayTo)}`, description: task.title });
  };

  const ofDay = sectionsOf(list, day).today;
  // Each day is a drop target for a dragged task.
  const dropTarget = (cell: string) => ({
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      event.currentTarget.classList.add('task-drop');
    },
    onDragLeave: (event: DragEvent<HTMLDivElement>) => event.currentTarget.classList.remove('task-drop'),
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      event.currentTarget.classList.remove('task-drop');
      const value = event.dataTransfer.getData(DRAG_TYPE);
      if (!value) return;
      event.preventDefault();
      void drop(cell, value);
    },
  });
  return (
    <>
      <PageHeading title="Календарь задач">
        <button type="button" onClick={() => void create()}>
          <Icon name="plus" size={18} /> Новая задача
        </button>
      </PageHeading>
      <TasksNav />
      <section className="task-calendar" aria-label="Календарь задач">
        <div className="task-cal-toolbar">
          <div className="task-cal-steps" role="group" aria-label="Месяц">
            <button type="button" className="secondary outline" aria-label="Предыдущий месяц" onClick={() => go({ date: addMonths(anchor, -1) })}>
              ‹
            </button>
            <button type="button" className="secondary outline" onClick={() => go({ date: today })}>
              Сегодня
            </button>
            <button type="button" className="secondary outline" aria-label="Следующий месяц" onClick={() => go({ date: addMonths(anchor, 1) })}>
              ›
            </button>
          </div>
          <h2 className="task-cal-title" aria-live="polite">
            {periodTitle('month', anchor)}
          </h2>
          {staff && (
            <label className="inline-check">
              <input type="checkbox" role="switch" checked={!all} onChange={(event) => go({ all: !event.target.checked })} />
              Только мои
            </label>
          )}
        </div>
        {failed && (
          <p role="alert">
            Не удалось загрузить задачи.{' '}
            <button type="button" className="secondary outline" onClick={reload}>
              Повторить
            </button>
          </p>
        )}
        {cutAt && (
          <p role="status" className="info-note">
            В этом месяце больше {formatCount(MAX_PAGES * PAGE_SIZE)} задач: показаны первые по сроку, до {dotted(cutAt)}.{' '}
            {all ? 'Включите «Только мои» или откройте список задач.' : 'Остальные — в списке задач.'}
          </p>
        )}
        <div className="task-cal-body" aria-busy={tasks === null && !failed}>
          <MonthGrid anchor={anchor} cellProps={dropTarget} onOpenDay={setChosen}>
            {(cell) => (
              <FirstOfDay
                day={cell}
                items={sectionsOf(list, cell).today}
                render={(task) => <Chip key={task.id} task={{ ...task, status: done.statusOf(task) }} onOpen={() => void open(task)} />}
                onMore={() => setChosen(cell)}
              />
            )}
          </MonthGrid>
        </div>
      </section>
      <section className="task-section" aria-labelledby="tasks-day">
        <h2 id="tasks-day">Задачи на {dotted(day)}</h2>
        {ofDay.length === 0 ? (
          <p className="muted">{tasks === null ? 'Загружаем задачи…' : 'В этот день задач нет.'}</p>
        ) : (
          <ul className="task-items">
            {ofDay.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                status={done.statusOf(task)}
                busy={done.busy(task)}
                selfId={user?.id ?? null}
                showDay={false}
                onDone={(checked) => void done.toggle(task, checked)}
                onOpen={() => void open(task)}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
