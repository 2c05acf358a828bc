//! The quick add line of «my tasks»: a title, the due day (today unless changed) and, for staff,
//! «Кому» (whom the rules allow: a worker a colleague, a manager anyone; oneself when empty); Enter
//! saves and the line is ready for the next one.
import { useRef, useState, type FormEvent } from 'react';
import { PersonField } from '../../components/PeoplePicker';
import { ApiError } from '../../lib/api/client';
import { isoFromRuDate, ruDateFromIso } from '../../lib/forms';
import { useAssigneeRoles } from './assignees';
import { createTask, type Task } from './tasks';

interface Props {
  /** The school's today «YYYY-MM-DD». */
  today: string;
  staff: boolean;
  onAdded: (task: Task) => void;
}

type Person = { id: number; full_name?: string };

export function QuickAdd({ today, staff, onAdded }: Props) {
  const [title, setTitle] = useState('');
  const [day, setDay] = useState(ruDateFromIso(today));
  const [assignee, setAssignee] = useState<Person | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const assignable = useAssigneeRoles();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const dueOn = isoFromRuDate(day.trim());
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = 'Введите название задачи';
    if (!dueOn) found.due_on = 'Введите дату в формате ДД.ММ.ГГГГ';
    setErrors(found);
    if (!dueOn || found.title) return;
    setPending(true);
    try {
      const task = await createTask({ title: title.trim(), due_on: dueOn, ...(assignee ? { assignee_id: assignee.id } : {}) });
      onAdded(task);
      setTitle('');
      input.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
    } finally {
      setPending(false);
    }
  };

  const message = errors.title ?? errors.due_on ?? errors.assignee_id ?? Object.values(errors)[0];
  return (
    <form className="task-quick" onSubmit={(event) => void submit(event)} noValidate aria-label="Быстро добавить задачу">
      <input
        ref={input}
        className="task-quick-title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        placeholder="Что нужно сделать?"
        aria-label="Новая задача"
        aria-invalid={errors.title ? true : undefined}
        maxLength={200}
        autoComplete="off"
      />
      <input
        className="task-quick-day"
        value={day}
        onChange={(event) => setDay(event.target.value)}
        inputMode="numeric"
        placeholder="ДД.ММ.ГГГГ"
        maxLength={10}
        aria-label="Срок"
        aria-invalid={errors.due_on ? true : undefined}
        autoComplete="off"
      />
      {staff && assignable && (
        // Enter in the person search (not on a person found) must not save the task half chosen.
        <div className="task-quick-who" onKeyDown={(event) => event.key === 'Enter' && event.target instanceof HTMLInputElement && event.preventDefault()}>
          <PersonField person={assignee} onChange={setAssignee} label="Кому" role={assignable} />
        </div>
      )}
      <button type="submit" aria-busy={pending}>
        Добавить
      </button>
      {message && (
        <small className="field-error task-quick-error" role="alert">
          {message}
        </small>
      )}
    </form>
  );
}
