//! Creating or changing a course: subject, name, description, lessons planned, the price of the
//! whole course, the archive mark; the server's 422 messages show under the fields.
import type { Ok } from '../../api/types';
import { Field } from '../../components/Field';
import { ArchivedSwitch, DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { saveRecord } from '../../lib/api/client';
import { z } from '../../lib/forms';
import { createOverlay, openOverlay, type OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { priceField, roublesField } from '../../lib/money';
import type { Course } from './catalog';
import { useSubjects } from '../../lib/teaching';

const schema = z.object({
  subject_id: z.string().min(1),
  name: z.string().trim().min(1),
  description: z.string(),
  planned_lessons: z.string().regex(/^\d*$/, 'Целое число занятий'),
  price: priceField,
  archived: z.boolean(),
});

export function CourseDialog({ open, close, course }: OverlayProps & { course?: Course }) {
  const { subjects } = useSubjects();
  const form = useForm({
    schema,
    initial: {
      subject_id: course ? String(course.subject_id) : '',
      name: course?.name ?? '',
      description: course?.description ?? '',
      planned_lessons: course ? String(course.planned_lessons) : '',
      price: roublesField(course?.price),
      archived: course?.archived ?? false,
    },
    submit: async (data) => {
      const body = { ...data, subject_id: Number(data.subject_id), planned_lessons: Number(data.planned_lessons || 0) };
      const saved = await saveRecord<Ok<'courses_update'>['data']>(endpoints.courses, course?.id, body);
      close(saved);
      addToast({ color: 'success', title: course ? 'Курс сохранён' : 'Курс создан', description: saved.name });
    },
  });
  const { values, errors } = form;
  return (
    <Modal open={open} close={close} title={course ? 'Изменить курс' : 'Новый курс'}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <label htmlFor="course-subject">Предмет</label>
        <select
          id="course-subject"
          value={values.subject_id}
          aria-invalid={errors.subject_id ? true : undefined}
          onChange={(event) => form.set('subject_id', event.target.value)}
        >
          <option value="">Выберите предмет</option>
          {subjects
            .filter((subject) => !subject.archived || String(subject.id) === values.subject_id)
            .map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.name}
              </option>
            ))}
        </select>
        {errors.subject_id && <small className="field-error">{errors.subject_id}</small>}
        <Field label="Название" autoComplete="off" maxLength={150} placeholder="Подготовка к ОГЭ по математике" {...form.field('name')} />
        <label htmlFor="course-description">Описание</label>
        <textarea id="course-description" rows={3} value={values.description} onChange={(event) => form.set('description', event.target.value)} />
        <div className="grid">
          <div>
            <Field label="Занятий по плану" inputMode="numeric" autoComplete="off" {...form.field('planned_lessons')} />
          </div>
          <div>
            <Field label="Цена курса, ₽" inputMode="decimal" autoComplete="off" hint="Пусто — курс не продаётся целиком" {...form.field('price')} />
          </div>
        </div>
        {course && <ArchivedSwitch checked={values.archived} onChange={(archived) => form.set('archived', archived)} />}
        <DialogFooter stray={form.stray} pending={form.pending} editing={Boolean(course)} onCancel={() => close()} />
      </form>
    </Modal>
  );
}

/** Opens the course dialog; true when something was saved. */
export const editCourse = async (course?: Course) => Boolean(await openOverlay(createOverlay(CourseDialog, { props: { course }, destroyOnClose: true })));
