//! The tasks table: a box to select each row (and all on the page), the title (opens the task)
//! with its description's links live, assignee, whom it is about, due day and time, priority,
//! state, and change / delete; on phones each row becomes a card with labelled cells.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { LinkedText } from '../../components/LinkedText';
import { RowActions } from '../../components/RowActions';
import { SortHeader } from '../../components/SortHeader';
import { formatDate, shortName } from '../../lib/format';
import { to } from '../../lib/person';
import { currentUser } from '../../lib/user';
import { paths } from '../../paths';
import { PriorityBadge } from './TaskItem';
import { deletesTask, STATUS_NAMES, TASK_SORTS, type Task } from './tasks';

interface Props {
  rows: readonly Task[];
  busy: boolean;
  /** The order, when the list may be sorted by the headers. */
  sort?: string;
  onSort?: (sort: string) => void;
  /** The rows selected, when rows may be (for a bulk «Выполнено»). */
  selected?: ReadonlySet<number>;
  onSelect?: (ids: readonly number[], chosen: boolean) => void;
  onEdit: (task: Task) => void;
  /** Offered on the rows the reader may delete (`deletesTask`). */
  onRemove: (task: Task) => void;
}

/** The first line of a description, shortened. */
const firstLine = (text: string) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

export function TasksTable({ rows, busy, sort, onSort, selected, onSelect, onEdit, onRemove }: Props) {
  const { user } = useSnapshot(currentUser);
  const header = (field: keyof typeof TASK_SORTS) =>
    sort !== undefined && onSort ? (
      <SortHeader label={TASK_SORTS[field]} field={field} sort={sort} onSort={onSort} />
    ) : (
      <th scope="col">{TASK_SORTS[field]}</th>
    );
  const all = rows.length > 0 && rows.every((task) => selected?.has(task.id));
  const head = (
    <>
      {selected && onSelect && (
        <th scope="col" className="select-cell">
          <input type="checkbox" aria-label="Выбрать все задачи на странице" checked={all} onChange={(event) => onSelect(rows.map((task) => task.id), event.target.checked)} />
        </th>
      )}
      {header('title')}
      <th scope="col">Кому</th>
      <th scope="col">О ком</th>
      {header('due_on')}
      {header('priority')}
      <th scope="col">Состояние</th>
      <ActionsHeader />
    </>
  );
  return (
    <DataTable caption="Задачи" head={head} busy={busy} className="tasks-table">
      {rows.map((task) => (
        <tr key={task.id} data-done={task.status === 'done' || undefined} data-selected={selected?.has(task.id) || undefined}>
          {selected && onSelect && (
            <td className="select-cell" data-label="Выбрать">
              <input type="checkbox" aria-label={`Выбрать: ${task.title}`} checked={selected.has(task.id)} onChange={(event) => onSelect([task.id], event.target.checked)} />
            </td>
          )}
          <td data-label="Задача" className="title-cell">
            <span>
              <button type="button" className="task-title" onClick={() => onEdit(task)}>
                {task.title}
              </button>
              {task.description && <LinkedText className="task-description" text={firstLine(task.description)} />}
            </span>
          </td>
          <td data-label="Кому">{shortName(task.assignee_name)}</td>
          <td data-label="О ком" data-empty={task.related_user_id == null || undefined}>
            {task.related_user_id != null && task.related_user_name ? <Link to={to(paths.user, task.related_user_id)}>{shortName(task.related_user_name)}</Link> : <span className="muted">—</span>}
          </td>
          <td data-label="Срок">
            <time dateTime={task.due_on} className={task.overdue ? 'task-overdue' : undefined}>
              {formatDate(task.due_on)}
            </time>
            {task.due_time && <small>{task.due_time}</small>}
            {task.overdue && <small className="task-overdue">просрочено</small>}
          </td>
          <td data-label="Приоритет" data-empty={task.priority === 'normal' || undefined}>
            <PriorityBadge priority={task.priority} />
            {task.priority === 'normal' && <span className="muted">обычный</span>}
          </td>
          <td data-label="Состояние">
            <span className="badge" data-task-status={task.status}>
              {STATUS_NAMES[task.status]}
            </span>
          </td>
          <td className="row-actions" data-label="">
            <RowActions editLabel={`Изменить задачу «${task.title}»`} removeLabel={`Удалить задачу «${task.title}»`} onEdit={() => onEdit(task)} onRemove={deletesTask(user, task) ? () => onRemove(task) : undefined} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
