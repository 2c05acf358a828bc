//! The group form of /group-lessons/create and of a group's «Изменить»: name, subject, course,
//! teacher, students, room, places, price per lesson, the period and the weekly timetable. One
//! save; a refusal for clashes is shown beside the timetable, and nothing is saved until it is fixed.
import { useId, useState } from 'react';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { PeoplePicker, PersonField } from '../../components/PeoplePicker';
import { ScheduleEditor } from '../../components/ScheduleEditor';
import { useAllPages } from '../../lib/allPages';
import { strayMessages } from '../../lib/forms';
import type { UserView } from '../../lib/person';
import { clashesOf, type Course, type GroupBody, type Subject } from '../../lib/teaching';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { groupBody, groupSchema, scheduleErrors, type GroupValues } from './groupForm';
import { useGroupCheck } from './useGroupCheck';

interface Props {
  /** The group being changed; none for a new one. */
  groupId?: number;
  initial: GroupValues;
  subjects: readonly Subject[];
  /** A worker teaches his own groups: the teacher is fixed. */
  teacherFixed: boolean;
  submitLabel: string;
  submit: (body: GroupBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Errors the timetable shows itself. */
const OWN = /^(rows|schedule|starts_at|teacher_id|student_ids)(\.|$)/;

export function GroupForm({ groupId, initial, subjects, teacherFixed, submitLabel, submit, onCancel }: Props) {
  const [clashes, setClashes] = useState<string[]>([]);
  const form = useForm({
    schema: groupSchema,
    initial,
    submit: async (values) => {
      setClashes([]);
      await submit(groupBody(values));
    },
    onFailure: (error) => setClashes(clashesOf(error)),
  });
  const { values, errors } = form;
  const check = useGroupCheck(values, groupId);
  const ids = useId();
  // Every course of the chosen subject, however many pages the server sends them in.
  const courses = useAllPages<Course>(values.subject_id ? endpoints.courses : null, { subject_id: values.subject_id });
  const schedule = scheduleErrors(errors);
  const stray = strayMessages(errors, initial, OWN);
  const active = subjects.filter((subject) => !subject.archived || String(subject.id) === values.subject_id);
  const setRows = (rows: GroupValues['rows']) => {
    setClashes([]);
    form.set('rows', rows);
  };

  return (
    <form ref={form.ref} onSubmit={form.onSubmit} noValidate className="group-form">
      <div className="form-grid">
        <div className="span-2">
          <Field label="Название" autoComplete="off" maxLength={100} placeholder="Математика, 7 класс" {...form.field('name')} />
        </div>
        <div>
          <label htmlFor={`${ids}-subject`}>Предмет</label>
          <select
            id={`${ids}-subject`}
            value={values.subject_id}
            aria-invalid={errors.subject_id ? true : undefined}
            aria-describedby={errors.subject_id ? `${ids}-subject-note` : undefined}
            onChange={(event) => {
              form.set('subject_id', event.target.value);
              form.set('course_id', '');
            }}
          >
            <option value="">Выберите предмет</option>
            {active.map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.name}
              </option>
            ))}
          </select>
          {errors.subject_id && <small id={`${ids}-subject-note`}>{errors.subject_id}</small>}
        </div>
        <div>
          <label htmlFor={`${ids}-course`}>Курс</label>
          <select id={`${ids}-course`} value={values.course_id} disabled={!values.subject_id} onChange={(event) => form.set('course_id', event.target.value)}>
            <option value="">Без курса</option>
            {courses.rows.map((course) => (
              <option key={course.id} value={course.id}>
                {course.name}
              </option>
            ))}
          </select>
          {errors.course_id && <small>{errors.course_id}</small>}
        </div>
        <div className="span-2">
          <span className="field-label" id={`${ids}-teacher`}>
            Учитель
          </span>
          {teacherFixed ? (
            <p className="fixed-value">{values.teacher?.full_name ?? '—'}</p>
          ) : (
            <PersonField person={values.teacher} onChange={(person) => form.set('teacher', person)} label="Учитель" role="worker" />
          )}
          {(errors.teacher ?? errors.teacher_id) && <small className="field-error">{errors.teacher ?? errors.teacher_id}</small>}
        </div>
        <div>
          <Field label="Кабинет" autoComplete="off" maxLength={40} {...form.field('room')} />
        </div>
        <div>
          <Field label="Мест" inputMode="numeric" autoComplete="off" hint="Пусто — без ограничения" {...form.field('capacity')} />
        </div>
        <div>
          <Field label="Цена занятия для ученика" inputMode="decimal" autoComplete="off" placeholder="1 234,50 ₽" hint="Пусто — своя цена ученика, иначе цена предмета" {...form.field('price')} />
        </div>
        <div className="dates span-2">
          <div>
            <Field label="Начало" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" maxLength={10} autoComplete="off" {...form.field('starts_on')} />
          </div>
          <div>
            <Field label="Конец" inputMode="numeric" placeholder="ДД.ММ.ГГГГ" maxLength={10} autoComplete="off" hint="Пусто — без конца" {...form.field('ends_on')} />
          </div>
        </div>
      </div>
      <ScheduleEditor
        rows={values.rows}
        onChange={setRows}
        rowErrors={schedule.rows}
        error={schedule.whole}
        clashes={clashes.length ? clashes : check.clashes}
        note={check.lessons === null ? undefined : `${groupId ? 'Будет создано или изменено' : 'Будет создано'} занятий: ${check.lessons}`}
      />
      <fieldset className="group-students">
        <legend>
          Ученики{values.capacity ? ` (${values.students.length} из ${values.capacity})` : values.students.length ? ` (${values.students.length})` : ''}
        </legend>
        <PeoplePicker
          role="student"
          selfId={0}
          chosen={values.students as UserView[]}
          onChange={(next) => {
            setClashes([]);
            form.set('students', next);
          }}
          error={errors.students ?? errors.student_ids}
        />
      </fieldset>
      <FormAlert messages={stray} />
      <div className="form-actions">
        <button type="submit" aria-busy={form.pending}>
          {submitLabel}
        </button>
        <button type="button" className="secondary outline" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}
