//! A one-off (individual) lesson: subject, teacher (himself, for a teacher), students, date,
//! time, length, room and price; the server's clashes show in the dialog before anything is saved.
import { useId, useState } from 'react';
import type { Ok } from '../../api/types';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { Modal } from '../../components/Modal';
import { PeoplePicker, PersonField } from '../../components/PeoplePicker';
import { api } from '../../lib/api/client';
import { ruDate, ruDateFromIso, strayMessages, z } from '../../lib/forms';
import { priceField } from '../../lib/money';
import type { OverlayProps } from '../../lib/overlays';
import type { UserView } from '../../lib/person';
import { clashesOf, type LessonBody, type Subject } from '../../lib/teaching';
import { DURATION_MAX, DURATION_MIN, localStart, today } from '../../lib/timetable';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';

type Person = Pick<UserView, 'id'> & Partial<UserView>;

const schema = z.object({
  subject_id: z.string().min(1, 'Выберите предмет'),
  teacher: z.custom<Person | null>().refine((person) => person !== null, { message: 'Выберите учителя' }),
  students: z.array(z.custom<Person>()).min(1, 'Выберите хотя бы одного ученика'),
  day: ruDate({ required: true }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время в формате ЧЧ:ММ'),
  duration: z.string().regex(/^\d+$/, 'Длительность в минутах'),
  room: z.string().trim().max(40),
  price: priceField,
});

interface Props extends OverlayProps<boolean> {
  subjects: readonly Subject[];
  /** The teacher when the viewer teaches only his own lessons. */
  ownTeacher: Person | null;
}

export function NewLessonDialog({ open, close, subjects, ownTeacher }: Props) {
  const ids = useId();
  const [clashes, setClashes] = useState<string[]>([]);
  const form = useForm({
    schema,
    initial: { subject_id: '', teacher: ownTeacher, students: [], day: ruDateFromIso(today()), time: '16:00', duration: '60', room: '', price: '' },
    onFailure: (error) => setClashes(clashesOf(error)),
    submit: async (values) => {
      setClashes([]);
      await api<Ok<'lessons_create'>>(endpoints.lessons, {
        method: 'POST',
        body: {
          subject_id: Number(values.subject_id),
          teacher_id: values.teacher!.id,
          student_ids: values.students.map((student) => student.id),
          starts_at: localStart(values.day, values.time),
          duration_minutes: Number(values.duration),
          room: values.room,
          price: values.price,
        } satisfies LessonBody,
      });
      addToast({ color: 'success', title: 'Занятие создано' });
      close(true);
    },
  });
  const { values, errors } = form;
  const own = /^(starts_at|subject_id|teacher_id|student_ids|duration_minutes)$/;
  return (
    <Modal open={open} close={() => close(false)} title="Новое занятие">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="lesson-dialog">
        <label htmlFor={`${ids}-subject`}>Предмет</label>
        <select id={`${ids}-subject`} value={values.subject_id} aria-invalid={errors.subject_id ? true : undefined} onChange={(event) => form.set('subject_id', event.target.value)}>
          <option value="">Выберите предмет</option>
          {subjects
            .filter((subject) => !subject.archived)
            .map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.name}
              </option>
            ))}
        </select>
        {errors.subject_id && <small className="field-error">{errors.subject_id}</small>}
        {!ownTeacher && (
          <>
            <span className="field-label">Учитель</span>
            <PersonField person={values.teacher} onChange={(person) => form.set('teacher', person)} label="Учитель" role="worker" />
            {(errors.teacher ?? errors.teacher_id) && <small className="field-error">{errors.teacher ?? errors.teacher_id}</small>}
          </>
        )}
        <div className="dialog-grid">
          <div>
            <Field label="Дата" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" maxLength={10} autoComplete="off" {...form.field('day')} />
          </div>
          <div>
            <Field label="Начало" inputMode="numeric" placeholder="ЧЧ:ММ" maxLength={5} autoComplete="off" {...form.field('time')} error={errors.time ?? (clashes.length ? 'Это время занято' : undefined)} />
          </div>
          <div>
            <Field label="Минут" type="number" inputMode="numeric" min={DURATION_MIN} max={DURATION_MAX} {...form.field('duration')} error={errors.duration ?? errors.duration_minutes} />
          </div>
          <div>
            <Field label="Кабинет" autoComplete="off" maxLength={40} {...form.field('room')} />
          </div>
          <div className="span-2">
            <Field label="Цена для ученика" inputMode="decimal" autoComplete="off" placeholder="1 234,50 ₽" hint="Пусто — своя цена ученика, иначе цена предмета" {...form.field('price')} />
          </div>
        </div>
        {clashes.length > 0 && (
          <div className="form-error" role="alert">
            {clashes.map((clash) => (
              <p key={clash}>{clash}</p>
            ))}
          </div>
        )}
        <fieldset>
          <legend>Ученики</legend>
          <PeoplePicker role="student" selfId={0} chosen={values.students as UserView[]} onChange={(next) => form.set('students', next)} error={errors.students ?? errors.student_ids} />
        </fieldset>
        <FormAlert messages={strayMessages(errors, values, own)} />
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={() => close(false)}>
            Отмена
          </button>
          <button type="submit" aria-busy={form.pending}>
            Создать
          </button>
        </footer>
      </form>
    </Modal>
  );
}
