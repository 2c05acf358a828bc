//! Creating or changing an event: title, description, kind, all day (first and last day) or
//! times, whom it is for, and for a holiday «Отменить занятия в эти дни». Before such a holiday is
//! saved the server counts the lessons it would cancel and the people they touch, and the manager
//! confirms; the server's 422 messages show under their fields.
import { useEffect, useId } from 'react';
import type { Ok } from '../../api/types';
import { confirm } from '../../components/ConfirmDialog';
import { DialogFooter } from '../../components/DialogFooter';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { api } from '../../lib/api/client';
import { EVENT_KIND_NAMES, EVENT_KINDS } from '../../lib/events';
import { ruDate, strayMessages, z } from '../../lib/forms';
import type { OverlayProps } from '../../lib/overlays';
import { today } from '../../lib/timetable';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { usePeople } from '../../lib/usePeople';
import { endpoints } from '../../paths';
import { AudienceField } from './AudienceField';
import { blankForm, bodyOf, cancelQuestion, formOf, type EventForm, type SchoolEvent } from './events';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const schema = z
  .object({
    title: z.string().trim().min(1),
    description: z.string(),
    kind: z.enum(EVENT_KINDS),
    all_day: z.boolean(),
    start_day: ruDate({ required: true }),
    start_time: z.string(),
    end_day: ruDate({ required: true }),
    end_time: z.string(),
    audience: z.enum(['all', 'staff', 'groups', 'people']),
    group_ids: z.array(z.number()),
    people: z.array(z.custom<EventForm['people'][number]>()),
    cancels_lessons: z.boolean(),
  })
  .superRefine((form, context) => {
    for (const name of ['start_time', 'end_time'] as const) {
      if (!form.all_day && !TIME.test(form[name].trim())) context.addIssue({ code: 'custom', path: [name], message: 'Время в формате ЧЧ:ММ' });
    }
    if (form.audience === 'groups' && form.group_ids.length === 0) context.addIssue({ code: 'custom', path: ['audience'], message: 'Отметьте хотя бы одну группу' });
    if (form.audience === 'people' && form.people.length === 0) context.addIssue({ code: 'custom', path: ['audience'], message: 'Выберите хотя бы одного человека' });
  });

/** The fields whose server messages show under an input of another name. */
const SHOWN = /^(starts_at|ends_at|audience(\..*)?)$/;

export function EventDialog({ open, close, event, day }: OverlayProps<boolean> & { event?: SchoolEvent; day?: string }) {
  const ids = useId();
  const audienceIds = event?.audience.kind === 'people' ? (event.audience.ids ?? []) : [];
  const { people, loaded } = usePeople(audienceIds);
  const form = useForm({
    schema,
    initial: event ? formOf(event) : blankForm(day ?? today()),
    submit: async (values) => {
      const body = bodyOf(values as EventForm);
      if (body.cancels_lessons) {
        const { data } = await api<Ok<'events_preview'>>(`${endpoints.events}/preview`, { method: 'POST', body, query: { event_id: event?.id } });
        const question = `${cancelQuestion(data)}. Сохранить событие и отменить эти занятия?`;
        if (data.lessons > 0 && !(await confirm({ title: 'Отменить занятия?', message: question, action: 'Отменить занятия', danger: true }))) return;
      }
      if (event) await api<Ok<'events_update'>>(`${endpoints.events}/${event.id}`, { method: 'PUT', body });
      else await api<Ok<'events_create'>>(endpoints.events, { method: 'POST', body });
      addToast({ color: 'success', title: event ? 'Событие сохранено' : 'Событие создано', description: body.title ?? undefined });
      close(true);
    },
  });
  const { values, errors } = form;

  useEffect(() => {
    if (loaded && audienceIds.length > 0) form.set('people', people);
  }, [loaded]);

  const dayError = (name: 'start_day' | 'end_day') => errors[name] ?? errors[name === 'start_day' ? 'starts_at' : 'ends_at'];
  const audienceError = errors.audience ?? errors['audience.ids'] ?? errors['audience.kind'];

  return (
    <Modal open={open} close={() => close(false)} title={event ? 'Изменить событие' : 'Новое событие'}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="event-dialog">
        <Field label="Название" autoComplete="off" maxLength={200} {...form.field('title')} />
        <label htmlFor={`${ids}-kind`}>Вид</label>
        <select id={`${ids}-kind`} value={values.kind} onChange={(change) => form.set('kind', change.target.value as EventForm['kind'])} aria-invalid={errors.kind ? true : undefined}>
          {EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {EVENT_KIND_NAMES[kind]}
            </option>
          ))}
        </select>
        {errors.kind && <small className="field-error">{errors.kind}</small>}
        <label className="inline-check">
          <input type="checkbox" role="switch" checked={values.all_day} onChange={(change) => form.set('all_day', change.target.checked)} />
          Весь день
        </label>
        <div className="dialog-grid">
          <div>
            <Field label={values.all_day ? 'Первый день' : 'Начало, день'} inputMode="numeric" placeholder="ДД.ММ.ГГГГ" maxLength={10} autoComplete="off" {...form.field('start_day')} error={dayError('start_day')} />
          </div>
          {!values.all_day && (
            <div>
              <Field label="Начало, время" inputMode="numeric" placeholder="ЧЧ:ММ" maxLength={5} autoComplete="off" {...form.field('start_time')} />
            </div>
          )}
          <div>
            <Field label={values.all_day ? 'Последний день' : 'Конец, день'} inputMode="numeric" placeholder="ДД.ММ.ГГГГ" maxLength={10} autoComplete="off" {...form.field('end_day')} error={dayError('end_day')} hint={values.all_day ? 'Включительно' : undefined} />
          </div>
          {!values.all_day && (
            <div>
              <Field label="Конец, время" inputMode="numeric" placeholder="ЧЧ:ММ" maxLength={5} autoComplete="off" {...form.field('end_time')} />
            </div>
          )}
        </div>
        {values.kind === 'holiday' && (
          <>
            <label className="inline-check">
              <input type="checkbox" checked={values.cancels_lessons} onChange={(change) => form.set('cancels_lessons', change.target.checked)} aria-invalid={errors.cancels_lessons ? true : undefined} />
              Отменить занятия в эти дни
            </label>
            {errors.cancels_lessons && <small className="field-error">{errors.cancels_lessons}</small>}
          </>
        )}
        <AudienceField form={values as EventForm} set={form.set} error={audienceError} />
        <label htmlFor={`${ids}-description`}>Описание</label>
        <textarea id={`${ids}-description`} rows={3} value={values.description} onChange={(change) => form.set('description', change.target.value)} aria-invalid={errors.description ? true : undefined} />
        {errors.description && <small className="field-error">{errors.description}</small>}
        <DialogFooter stray={strayMessages(errors, values, SHOWN)} pending={form.pending} editing={Boolean(event)} onCancel={() => close(false)} />
      </form>
    </Modal>
  );
}
