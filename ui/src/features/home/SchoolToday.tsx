//! A manager's start page: the school today at a glance, each figure a tile that opens the page
//! behind it — today's lessons (and those cancelled), the lessons of the last week over but still
//! planned (their journal not filled), the money taken today, the debtors and their debt, and his
//! own tasks due today or overdue.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { formatCount, formatMoney } from '../../lib/format';
import { pluralForm } from '../../lib/plural';
import { UNFILLED_DAYS } from '../../lib/teaching';
import { addDays, today } from '../../lib/timetable';
import type { CurrentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';

/** One figure: what it counts, the figure, a line under it, and the page it opens. */
export interface Tile {
  label: string;
  value: string;
  detail: string;
  to: string;
}

/** What the tiles are made from, as the server answered. */
export interface Today {
  day: string;
  lessons: Ok<'calendar_days'>['data'];
  ledger: Ok<'payments_list'>['meta']['totals'];
  debtors: Ok<'payments_debtors'>['meta'];
  /** Lessons of the last `UNFILLED_DAYS` days that are over and still planned (as the list the
   *  tile opens shows them). */
  unfilled: number;
  /** His tasks due today or before, not done. */
  tasks: number;
}

/** The tiles of `today`, in the order they are shown. */
export function tilesOf({ day, lessons, ledger, debtors, unfilled, tasks }: Today): Tile[] {
  const held = lessons.reduce((sum, d) => sum + d.lessons, 0);
  const cancelled = lessons.reduce((sum, d) => sum + d.cancelled, 0);
  const span = `from=${day}&to=${day}`;
  return [
    {
      label: 'Занятия',
      value: formatCount(held),
      detail: cancelled > 0 ? `отменено: ${formatCount(cancelled)}` : held === 0 ? 'занятий нет' : pluralForm(held, ['занятие', 'занятия', 'занятий']),
      to: `${paths.lessons}?${span}`,
    },
    {
      label: 'Журнал не заполнен',
      value: formatCount(unfilled),
      detail: unfilled > 0 ? `${pluralForm(unfilled, ['занятие', 'занятия', 'занятий'])} за ${UNFILLED_DAYS} дней` : 'всё отмечено',
      to: `${paths.lessons}?from=${addDays(day, 1 - UNFILLED_DAYS)}&to=${day}&status=planned&over=true`,
    },
    {
      label: 'Получено',
      value: formatMoney(ledger.received),
      detail: `начислено: ${formatMoney(ledger.charged)}`,
      to: `${paths.payments}?${span}`,
    },
    {
      label: 'Должники',
      value: formatCount(debtors.count),
      detail: debtors.count > 0 ? `долг ${formatMoney(debtors.total_debt)}` : 'у всех баланс не ниже нуля',
      to: `${paths.payments}?tab=debtors`,
    },
    {
      label: 'Мои задачи',
      value: formatCount(tasks),
      detail: tasks > 0 ? 'срок — сегодня или раньше' : 'на сегодня всё сделано',
      to: paths.tasks,
    },
  ];
}

/** The figures of the school today, asked in parallel; null until they came, or on failure. */
function useToday(user: CurrentUser) {
  const [found, setFound] = useState<Today | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const day = today();
    const ask = <T,>(path: string, query: Record<string, string | number>) => api<T>(path, { query, signal: controller.signal, silent: true });
    const open = (status: string) => ask<Ok<'tasks_list'>>(endpoints.tasks, { assignee_id: user.id, due_to: day, status, per_page: 1 });
    Promise.all([
      ask<Ok<'calendar_days'>>(endpoints.calendarDays, { from: day, to: day }),
      ask<Ok<'payments_list'>>(endpoints.payments, { from: day, to: day, per_page: 1 }),
      ask<Ok<'payments_debtors'>>(endpoints.debtors, { per_page: 1 }),
      open('todo'),
      open('in_progress'),
      ask<Ok<'lessons_list'>>(endpoints.lessons, { status: 'planned', over: 'true', from: addDays(day, 1 - UNFILLED_DAYS), to: day, per_page: 1 }),
    ]).then(
      ([lessons, ledger, debtors, todo, doing, unfilled]) => {
        setFound({
          day,
          lessons: lessons.data,
          ledger: ledger.meta.totals,
          debtors: debtors.meta,
          unfilled: unfilled.meta.total,
          tasks: todo.meta.total + doing.meta.total,
        });
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [user.id]);
  return { found, failed };
}

export function SchoolToday({ user }: { user: CurrentUser }) {
  const { found, failed } = useToday(user);
  return (
    <section className="home-today" aria-labelledby="home-today">
      <h2 id="home-today">Сегодня в школе</h2>
      {found ? (
        <ul className="today-tiles">
          {tilesOf(found).map((tile) => (
            <li key={tile.label}>
              <Link to={tile.to} aria-label={`${tile.label}: ${tile.value}, ${tile.detail}`}>
                <span className="today-label">{tile.label}</span>
                <strong className="today-value">{tile.value}</strong>
                <span className="today-detail">{tile.detail}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : failed ? (
        <p className="muted">Не удалось загрузить сводку на сегодня.</p>
      ) : (
        <p aria-busy="true">Загружаем сводку…</p>
      )}
    </section>
  );
}
