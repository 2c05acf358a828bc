//! Marking a task done (or not) with one tap: the box turns at once, the server is asked, and
//! on a refusal the box turns back with a message. The state chosen here overrides the rows'
//! until they are loaded again
//! or the task is saved in its dialog.
import { useState } from 'react';
import { addToast } from '../../lib/toasts';
import { changeTask, type Task, type TaskStatus } from './tasks';

export function useTaskDone() {
  const [states, setStates] = useState<Record<number, TaskStatus>>({});
  const [pending, setPending] = useState<Record<number, boolean>>({});

  const statusOf = (task: Pick<Task, 'id' | 'status'>) => states[task.id] ?? task.status;

  const toggle = async (task: Pick<Task, 'id' | 'status' | 'title'>, done: boolean) => {
    const before = statusOf(task);
    // Unmarked again: back to the state it had before it was marked here («В работе» stays so).
    const reopened = task.status === 'done' ? 'todo' : task.status;
    const after: TaskStatus = done ? 'done' : reopened;
    setStates((old) => ({ ...old, [task.id]: after }));
    setPending((old) => ({ ...old, [task.id]: true }));
    try {
      await changeTask(task.id, { status: after });
    } catch {
      setStates((old) => ({ ...old, [task.id]: before }));
      addToast({ color: 'error', title: done ? 'Задача не отмечена' : 'Отметка не снята', description: task.title });
    } finally {
      setPending(({ [task.id]: _done, ...rest }) => rest);
    }
  };

  /** Forget the state chosen for a task (it was saved anew elsewhere: the dialog). */
  const forget = (taskId: number) => setStates(({ [taskId]: _dropped, ...rest }) => rest);

  return { statusOf, toggle, busy: (task: Pick<Task, 'id'>) => pending[task.id] ?? false, forget };
}
