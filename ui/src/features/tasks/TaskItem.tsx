//! One task as a row of «my tasks» (a card on a phone): a big box to mark it done with one tap,
//! its title (opens the task), its description (links live), priority, due day and time, whom it is about (his card) and, when
//! not oneself, whom it is assigned to.
import { Link } from 'react-router';
import { LinkedText } from '../../components/LinkedText';
import { formatDate, shortName } from '../../lib/format';
import { to } from '../../lib/person';
import { paths } from '../../paths';
import { PRIORITY_NAMES, type Task, type TaskStatus } from './tasks';

interface Props {
  task: Task;
  /** The state shown (the one just chosen, before the server answers). */
  status: TaskStatus;
  busy: boolean;
  /** The viewer's id: an assignee other than him is named. */
  selfId: number | null;
  /** Show the due day (not in «Сегодня»). */
  showDay: boolean;
  onDone: (done: boolean) => void;
  onOpen: () => void;
}

export function PriorityBadge({ priority }: { priority: Task['priority'] }) {
  if (priority === 'normal') return null;
  return (
    <span className="badge" data-priority={priority}>
      {PRIORITY_NAMES[priority]}
    </span>
  );
}

/** «23.11.2026 14:30», «14:30» or «23.11.2026». */
export const dueText = (task: Pick<Task, 'due_on' | 'due_time'>, showDay = true) =>
  [showDay ? formatDate(task.due_on) : '', task.due_time ?? ''].filter(Boolean).join(' ');

export function TaskItem({ task, status, busy, selfId, showDay, onDone, onOpen }: Props) {
  const done = status === 'done';
  const due = dueText(task, showDay);
  return (
    <li className="task-item" data-done={done || undefined} data-overdue={(!done && task.overdue) || undefined}>
      <label className="task-check">
        <input type="checkbox" checked={done} aria-busy={busy || undefined} onChange={(event) => onDone(event.target.checked)} aria-label={`Выполнено: ${task.title}`} />
      </label>
      <div className="task-main">
        <button type="button" className="task-title" onClick={onOpen}>
          {task.title}
        </button>
        {task.description && <LinkedText className="task-description" text={task.description} />}
        <div className="task-meta">
          <PriorityBadge priority={task.priority} />
          {due && <time dateTime={task.due_time ? `${task.due_on}T${task.due_time}` : task.due_on}>{due}</time>}
          {task.related_user_id != null && task.related_user_name && (
            <Link to={to(paths.user, task.related_user_id)} title="О ком задача">
              {shortName(task.related_user_name)}
            </Link>
          )}
          {task.assignee_id !== selfId && <span className="muted">Кому: {shortName(task.assignee_name)}</span>}
        </div>
      </div>
    </li>
  );
}
