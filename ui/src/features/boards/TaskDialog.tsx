//! A card opened (its whole task read first): the task's title, description (its links clickable; «Изменить» turns it into a
//! text box), due date, priority and status, saved with `PUT /api/tasks/{id}`.
import { useState } from 'react';
import { DialogFooter } from '../../components/DialogFooter';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { formatDateTime } from '../../lib/format';
import { z } from '../../lib/forms';
import { LinkedText } from '../../components/LinkedText';
import type { OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { changeOf, tasksApi, type Task } from './api';
import { PRIORITIES, STATUSES } from './labels';

const keys = <T extends object>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

const schema = z.object({
  title: z.string().trim().min(1),
  description: z.string(),
  due_on: z.iso.date(),
  priority: z.enum(keys(PRIORITIES)),
  status: z.enum(keys(STATUSES)),
});

export function TaskDialog({ open, close, task }: OverlayProps<Task> & { task: Task }) {
  const [editing, setEditing] = useState(task.description.trim() === '');
  const form = useForm({
    schema,
    initial: { title: task.title, description: task.description, due_on: task.due_on, priority: task.priority, status: task.status },
    submit: async (data) => {
      const saved = await tasksApi.update(task.id, changeOf(task, data));
      close(saved);
      addToast({ color: 'success', title: 'Задача сохранена', description: saved.title });
    },
  });
  const { values, errors } = form;
  return (
    <Modal open={open} close={() => close()} title="Задача">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="task-dialog">
        <Field label="Название" autoComplete="off" maxLength={200} {...form.field('title')} />
        <label htmlFor="task-description">Описание</label>
        {editing ? (
          <textarea
            id="task-description"
            rows={4}
            value={values.description}
            aria-invalid={errors.description ? true : undefined}
            onChange={(event) => form.set('description', event.target.value)}
          />
        ) : (
          <div className="task-description-view" id="task-description">
            <p className="task-description"><LinkedText text={values.description} /></p>
            <button type="button" className="secondary outline" onClick={() => setEditing(true)}>
              Изменить описание
            </button>
          </div>
        )}
        {errors.description && <small className="field-error">{errors.description}</small>}
        <div className="grid">
          <div>
            <Field label="Срок" type="date" {...form.field('due_on')} />
          </div>
          <div>
            <label htmlFor="task-priority">Приоритет</label>
            <select id="task-priority" value={values.priority} onChange={(event) => form.set('priority', event.target.value as Task['priority'])}>
              {Object.entries(PRIORITIES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="task-status">Статус</label>
            <select id="task-status" value={values.status} onChange={(event) => form.set('status', event.target.value as Task['status'])}>
              {Object.entries(STATUSES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="muted task-dialog-people">
          Исполнитель: {task.assignee_name}. Автор: {task.author_name}, {formatDateTime(task.created_at)}.
        </p>
        <DialogFooter stray={form.stray} pending={form.pending} editing onCancel={() => close()} />
      </form>
    </Modal>
  );
}
