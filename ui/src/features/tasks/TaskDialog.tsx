//! A task's dialog, new or changed: title, description, assignee (staff pick whom the rules allow:
//! a worker a colleague, a manager anyone), whom it is about, due day and time, priority and
//! state; the server's messages show under their fields. A task being changed may be deleted here
//! too (after a confirmation).
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { confirmDelete } from '../../components/confirmDelete';
import { DialogFooter } from '../../components/DialogFooter';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { PersonField } from '../../components/PeoplePicker';
import { ruDate, ruDateFromIso, strayMessages, z } from '../../lib/forms';
import { createOverlay, openOverlay, type OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { currentUser } from '../../lib/user';
import { useForm } from '../../lib/useForm';
import { useAssigneeRoles } from './assignees';
import { changeOf, changeTask, createTask, deletesTask, PRIORITIES, PRIORITY_NAMES, STATUS_NAMES, TASK_STATUSES, taskUrl, type Task, type TaskPriority, type TaskStatus } from './tasks';

type Person = { id: number; full_name?: string };

const schema = z.object({
  title: z.string().trim().min(1, 'Введите название задачи').max(200, 'Не длиннее 200 символов'),
  description: z.string(),
  assignee: z.custom<Person | null>(),
  related: z.custom<Person | null>(),
  due_on: ruDate({ required: true, missing: 'Укажите срок' }),
  due_time: z.string().trim().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, 'Время в формате ЧЧ:ММ'),
  priority: z.enum(PRIORITIES),
  status: z.enum(TASK_STATUSES),
});

/** What the dialog answers: the task as saved, or `deleted`. */
export type TaskDialogResult = { saved: Task } | { deleted: number };

interface Props extends OverlayProps<TaskDialogResult> {
  /** The task being changed; none for a new one. */
  task?: Task;
  /** A new task's due day «YYYY-MM-DD». */
  day: string;
  /** Staff may give the task to someone else (whom: `assigneeRoles`). */
  staff: boolean;
}

const person = (id: number | null, name: string | null): Person | null => (id === null ? null : { id, full_name: name ?? undefined });

export function TaskDialog({ open, close, task, day, staff }: Props) {
  const ids = useId();
  const { user } = useSnapshot(currentUser);
  const assignable = useAssigneeRoles();
  const form = useForm({
    schema,
    initial: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      assignee: task ? person(task.assignee_id, task.assignee_name) : null,
      related: task ? person(task.related_user_id ?? null, task.related_user_name ?? null) : null,
      due_on: ruDateFromIso(task?.due_on ?? day),
      due_time: task?.due_time ?? '',
      priority: (task?.priority ?? 'normal') as TaskPriority,
      status: (task?.status ?? 'todo') as TaskStatus,
    },
    submit: async (values) => {
      const common = {
        title: values.title,
        description: values.description,
        due_on: values.due_on,
        priority: values.priority,
        status: values.status,
        ...(values.assignee ? { assignee_id: values.assignee.id } : {}),
      };
      const saved = task
        ? await changeTask(task.id, changeOf(task, { ...common, related_user_id: values.related?.id ?? null, due_time: values.due_time || null }))
        : await createTask({ ...common, ...(values.related ? { related_user_id: values.related.id } : {}), ...(values.due_time ? { due_time: values.due_time } : {}) });
      addToast({ color: 'success', title: task ? 'Задача сохранена' : 'Задача создана', description: saved.title });
      close({ saved });
    },
  });
  const { values, errors } = form;
  const remove = async () => {
    if (!task) return;
    const deleted = await confirmDelete({ title: 'Удалить задачу?', message: `«${task.title}» будет удалена.`, url: taskUrl(task.id), name: task.title, done: 'Задача удалена' }).catch(() => false);
    if (deleted) close({ deleted: task.id });
  };
  const own = /^(title|description|assignee_id|related_user_id|due_on|due_time|priority|status)$/;
  return (
    <Modal open={open} close={() => close()} title={task ? 'Задача' : 'Новая задача'}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="task-dialog">
        <Field label="Задача" autoComplete="off" maxLength={200} {...form.field('title')} />
        <label htmlFor={`${ids}-description`}>Описание</label>
        <textarea id={`${ids}-description`} rows={3} value={values.description} aria-invalid={errors.description ? true : undefined} onChange={(event) => form.set('description', event.target.value)} />
        {errors.description && <small className="field-error">{errors.description}</small>}
        {staff && assignable && (
          <>
            <span className="field-label">Кому</span>
            <PersonField person={values.assignee} onChange={(chosen) => form.set('assignee', chosen)} label="Кому" role={assignable} />
            <small className={errors.assignee_id ? 'field-error' : 'muted'}>{errors.assignee_id ?? 'Пусто — себе'}</small>
          </>
        )}
        <span className="field-label">О ком</span>
        <PersonField person={values.related} onChange={(chosen) => form.set('related', chosen)} label="О ком" />
        {errors.related_user_id && <small className="field-error">{errors.related_user_id}</small>}
        <div className="dialog-grid">
          <div>
            <Field label="Срок" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" maxLength={10} autoComplete="off" {...form.field('due_on')} />
          </div>
          <div>
            <Field label="Время" inputMode="numeric" placeholder="ЧЧ:ММ" maxLength={5} autoComplete="off" hint="Необязательно" {...form.field('due_time')} />
          </div>
          <div>
            <label htmlFor={`${ids}-priority`}>Приоритет</label>
            <select id={`${ids}-priority`} value={values.priority} onChange={(event) => form.set('priority', event.target.value as TaskPriority)} aria-invalid={errors.priority ? true : undefined}>
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_NAMES[priority]}
                </option>
              ))}
            </select>
            {errors.priority && <small className="field-error">{errors.priority}</small>}
          </div>
          <div>
            <label htmlFor={`${ids}-status`}>Состояние</label>
            <select id={`${ids}-status`} value={values.status} onChange={(event) => form.set('status', event.target.value as TaskStatus)} aria-invalid={errors.status ? true : undefined}>
              {TASK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_NAMES[status]}
                </option>
              ))}
            </select>
            {errors.status && <small className="field-error">{errors.status}</small>}
          </div>
        </div>
        {task && deletesTask(user, task) && (
          <button type="button" className="danger outline task-delete" onClick={() => void remove()}>
            Удалить задачу
          </button>
        )}
        <DialogFooter stray={strayMessages(errors, values, own)} pending={form.pending} editing={task !== undefined} onCancel={() => close()} />
      </form>
    </Modal>
  );
}

/** Opens the dialog; resolves with the saved task, the deleted one's id, or undefined (cancelled). */
export const openTaskDialog = (props: Omit<Props, keyof OverlayProps>) =>
  openOverlay<TaskDialogResult>(createOverlay(TaskDialog, { props, destroyOnClose: true }));
