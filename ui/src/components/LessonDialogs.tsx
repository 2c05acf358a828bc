//! What one does to a lesson, each in one dialog with one save: move it (date, time, length; for
//! a group's lesson «только это» or «это и следующие»), cancel it with a reason, give it a topic
//! and homework, or delete a planned one after a confirmation. `lessonAction` opens the right one
//! and resolves true when the lesson changed. Clashes the server reports show in the dialog.
import { useState } from 'react';
import type { Body, Ok } from '../api/types';
import { api } from '../lib/api/client';
import { ruDate, ruDateFromIso, z } from '../lib/forms';
import { createOverlay, openOverlay, type OverlayProps } from '../lib/overlays';
import { clashesOf, lessonUrl, type Lesson, type LessonChange } from '../lib/teaching';
import { DURATION_MAX, DURATION_MIN, localStart, schoolDay, schoolTime } from '../lib/timetable';
import { addToast } from '../lib/toasts';
import { useForm } from '../lib/useForm';
import { confirm } from './ConfirmDialog';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import type { LessonAction } from './LessonList';
import { Modal } from './Modal';

type Props = OverlayProps<boolean> & { lesson: Lesson };

const moveSchema = z.object({
  day: ruDate({ required: true }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время в формате ЧЧ:ММ'),
  duration: z.string().regex(/^\d+$/, 'Длительность в минутах'),
  following: z.boolean(),
});

function MoveDialog({ open, close, lesson }: Props) {
  const [clashes, setClashes] = useState<string[]>([]);
  const form = useForm({
    onFailure: (error) => setClashes(clashesOf(error)),
    schema: moveSchema,
    initial: { day: ruDateFromIso(schoolDay(lesson.starts_at)), time: schoolTime(lesson.starts_at), duration: String(lesson.duration_minutes), following: false },
    submit: async ({ day, time, duration, following }) => {
      await api<Ok<'lessons_update'>>(lessonUrl(lesson.id), {
        method: 'PUT',
        query: { scope: following ? 'following' : undefined },
        body: { starts_at: localStart(day, time), duration_minutes: Number(duration) } satisfies LessonChange,
      });
      addToast({ color: 'success', title: following ? 'Занятия перенесены' : 'Занятие перенесено' });
      close(true);
    },
  });
  const { values, errors } = form;
  return (
    <Modal open={open} close={() => close(false)} title="Перенести занятие">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="lesson-dialog">
        <div className="dialog-grid">
          <div>
            <Field label="Дата" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" maxLength={10} autoComplete="off" {...form.field('day')} />
          </div>
          <div>
            <Field label="Начало" inputMode="numeric" placeholder="ЧЧ:ММ" maxLength={5} autoComplete="off" {...form.field('time')} error={errors.time ?? (errors.starts_at ? 'Это время занято' : undefined)} />
          </div>
          <div>
            <Field label="Минут" type="number" inputMode="numeric" min={DURATION_MIN} max={DURATION_MAX} {...form.field('duration')} error={errors.duration ?? errors.duration_minutes} />
          </div>
        </div>
        {lesson.group_id && (
          <fieldset>
            <legend>Какие занятия</legend>
            <label>
              <input type="radio" name="scope" checked={!values.following} onChange={() => form.set('following', false)} />
              Только это
            </label>
            <label>
              <input type="radio" name="scope" checked={values.following} onChange={() => form.set('following', true)} />
              Это и следующие
            </label>
          </fieldset>
        )}
        <FormAlert messages={clashes.length ? clashes : form.stray} />
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={() => close(false)}>
            Отмена
          </button>
          <button type="submit" aria-busy={form.pending}>
            Перенести
          </button>
        </footer>
      </form>
    </Modal>
  );
}

const cancelSchema = z.object({ reason: z.string().trim().min(1) });

function CancelDialog({ open, close, lesson }: Props) {
  const form = useForm({
    schema: cancelSchema,
    initial: { reason: '' },
    submit: async ({ reason }) => {
      await api<Ok<'lessons_cancel'>>(lessonUrl(lesson.id, 'cancel'), { method: 'POST', body: { reason } satisfies Body<'lessons_cancel'> });
      addToast({ color: 'success', title: 'Занятие отменено', description: reason });
      close(true);
    },
  });
  return (
    <Modal open={open} close={() => close(false)} title="Отменить занятие?">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="lesson-dialog">
        <p>Ученики и их родители получат уведомление. Отменённое занятие останется в расписании.</p>
        <Field label="Причина" autoComplete="off" maxLength={200} placeholder="Болезнь учителя" {...form.field('reason')} error={form.errors.reason ?? form.errors.cancel_reason} />
        <FormAlert messages={form.stray.filter((text) => text !== form.errors.cancel_reason)} />
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={() => close(false)}>
            Не отменять
          </button>
          <button type="submit" className="danger" aria-busy={form.pending}>
            Отменить занятие
          </button>
        </footer>
      </form>
    </Modal>
  );
}

const topicSchema = z.object({ topic: z.string().trim().max(300), homework: z.string().trim().max(2000) });

function TopicDialog({ open, close, lesson }: Props) {
  const form = useForm({
    schema: topicSchema,
    initial: { topic: lesson.topic ?? '', homework: lesson.homework ?? '' },
    submit: async (body) => {
      await api<Ok<'lessons_update'>>(lessonUrl(lesson.id), { method: 'PUT', body: body satisfies LessonChange });
      addToast({ color: 'success', title: 'Тема и задание сохранены' });
      close(true);
    },
  });
  return (
    <Modal open={open} close={() => close(false)} title="Тема и домашнее задание">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="lesson-dialog">
        <Field label="Тема" autoComplete="off" maxLength={300} {...form.field('topic')} />
        <label htmlFor={`homework-${lesson.id}`}>Домашнее задание</label>
        <textarea
          id={`homework-${lesson.id}`}
          rows={4}
          maxLength={2000}
          value={form.values.homework}
          aria-invalid={form.errors.homework ? true : undefined}
          onChange={(event) => form.set('homework', event.target.value)}
        />
        {form.errors.homework && <small className="field-error">{form.errors.homework}</small>}
        <FormAlert messages={form.stray} />
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={() => close(false)}>
            Отмена
          </button>
          <button type="submit" aria-busy={form.pending}>
            Сохранить
          </button>
        </footer>
      </form>
    </Modal>
  );
}

const DIALOGS = { move: MoveDialog, cancel: CancelDialog, topic: TopicDialog } as const;

/** Runs one action on a lesson; true when the lesson changed (the list reloads). */
export async function lessonAction(action: LessonAction, lesson: Lesson): Promise<boolean> {
  if (action === 'delete') {
    const sure = await confirm({
      title: 'Удалить занятие?',
      message: 'Занятие исчезнет из расписания. Если оно уже было или о нём знают ученики, лучше отменить его.',
      action: 'Удалить',
      danger: true,
    });
    if (!sure) return false;
    await api(lessonUrl(lesson.id), { method: 'DELETE' });
    addToast({ color: 'success', title: 'Занятие удалено' });
    return true;
  }
  const changed = await openOverlay<boolean>(createOverlay(DIALOGS[action], { props: { lesson }, destroyOnClose: true }));
  return changed === true;
}
