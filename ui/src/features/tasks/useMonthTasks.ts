//! The tasks due in the days a month's grid shows (all their pages), and moving one to another
//! day: shown there at once, put back when the server refuses (resolving to its words).
import { useCallback, useEffect, useState } from 'react';
import { fetchAllPages } from '../../lib/allPages';
import { ApiError } from '../../lib/api/client';
import type { Query } from '../../lib/api/request';
import { spanOf } from '../../lib/period';
import { endpoints } from '../../paths';
import { changeTask, type Task } from './tasks';

/** A month is read in at most this many pages of 100 (500 tasks). */
export const MAX_PAGES = 5;

export function useMonthTasks(anchor: string, assigneeId: number | null) {
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [failed, setFailed] = useState(false);
  /** The due day of the last task read when the month has more than `MAX_PAGES` pages of them
   * (read by due day: the days after it are not shown), else null. */
  const [cutAt, setCutAt] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const { from, to } = spanOf('month', anchor);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    const query: Query = { due_from: from, due_to: to, sort: 'due_on', ...(assigneeId ? { assignee_id: assigneeId } : {}) };
    fetchAllPages<Task>(endpoints.tasks, query, controller.signal, MAX_PAGES).then(
      ({ rows, complete }) => {
        if (controller.signal.aborted) return;
        setTasks(rows);
        setCutAt(complete ? null : (rows.at(-1)?.due_on ?? null));
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [from, to, assigneeId, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  /** Moves a task to `day`; null when moved, else the server's reason. */
  const move = async (task: Task, day: string): Promise<string | null> => {
    const put = (due_on: string) => setTasks((old) => (old ?? []).map((t) => (t.id === task.id ? { ...t, due_on } : t)));
    put(day);
    try {
      const saved = await changeTask(task.id, { due_on: day });
      setTasks((old) => (old ?? []).map((t) => (t.id === task.id ? saved : t)));
      return null;
    } catch (error) {
      put(task.due_on);
      return error instanceof ApiError ? (error.fieldErrors.due_on ?? error.body.message ?? 'Не удалось перенести задачу') : 'Не удалось перенести задачу';
    }
  };

  return { tasks, setTasks, failed, cutAt, reload, move };
}
