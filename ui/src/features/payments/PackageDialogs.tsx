//! A manager sells a package (абонемент: a course, a subject or any lesson, how many lessons, the price,
//! the days it is valid) — one charge of its price — and freezes one for some days with a reason
//! (its last day moves on by as many days).
import { useId } from 'react';
import { Field } from '../../components/Field';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import type { Body, Ok } from '../../api/types';
import { useAllPages } from '../../lib/allPages';
import { api } from '../../lib/api/client';
import { formatMoney } from '../../lib/format';
import { ruDateFromIso } from '../../lib/forms';
import { packageTitle, type MoneyPackage } from '../../lib/ledger';
import { ask, type OverlayProps } from '../../lib/overlays';
import type { Course, Subject } from '../../lib/teaching';
import { addDays, today } from '../../lib/timetable';
import { useRequestKey } from '../../lib/requestKey';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { freezeSchema, packageSchema } from './payments';

interface Student {
  id: number;
  full_name: string;
}

/** A day typed ДД.ММ.ГГГГ. */
const DAY = { inputMode: 'numeric', placeholder: 'ДД.ММ.ГГГГ', autoComplete: 'off' } as const;

function SellPackageDialog({ open, close, student }: OverlayProps & { student: Student }) {
  const subjects = useAllPages<Subject>(endpoints.subjects);
  const courses = useAllPages<Course>(endpoints.courses);
  const subjectId = useId();
  const headers = useRequestKey();
  const day = today();
  const form = useForm({
    schema: packageSchema,
    initial: { covers: '', lessons_total: '8', price: '', valid_from: ruDateFromIso(day), valid_to: ruDateFromIso(addDays(day, 30)), note: '' },
    submit: async (data) => {
      const { covers, ...rest } = data;
      const body: Body<'packages_create'> = { student_id: student.id, ...covers, ...rest };
      const saved = await api<Ok<'packages_create'>>(endpoints.packages, { method: 'POST', headers, body });
      addToast({ color: 'success', title: `Абонемент продан: ${packageTitle(saved.data)}`, description: `Баланс ${formatMoney(saved.balance)}` });
      close(true);
    },
  });
  return (
    <Modal open={open} close={() => close(false)} title={`Абонемент: ${student.full_name}`}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <label htmlFor={subjectId}>На что</label>
        <select id={subjectId} value={form.values.covers} onChange={(event) => form.set('covers', event.target.value)}>
          <option value="">Любые занятия</option>
          {courses.rows.length > 0 && (
            <optgroup label="Курс">
              {courses.rows.map((course) => (
                <option key={course.id} value={`course:${course.id}`}>
                  {course.name}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label="Предмет">
            {subjects.rows.map((subject) => (
              <option key={subject.id} value={`subject:${subject.id}`}>
                {subject.name}
              </option>
            ))}
          </optgroup>
        </select>
        <Field label="Занятий" type="number" min={1} max={200} inputMode="numeric" {...form.field('lessons_total')} />
        <Field label="Цена, ₽" inputMode="decimal" autoComplete="off" placeholder="8 000" {...form.field('price')} />
        <div className="grid">
          <div>
            <Field label="Действует с" {...DAY} {...form.field('valid_from')} />
          </div>
          <div>
            <Field label="по" {...DAY} {...form.field('valid_to')} />
          </div>
        </div>
        <Field label="Примечание" autoComplete="off" {...form.field('note')} />
        <DialogFooter stray={form.stray} pending={form.pending} editing={false} action="Продать" onCancel={() => close(false)} />
      </form>
    </Modal>
  );
}

function FreezeDialog({ open, close, item }: OverlayProps & { item: MoneyPackage }) {
  const day = today();
  const form = useForm({
    schema: freezeSchema,
    initial: { from: ruDateFromIso(day), to: ruDateFromIso(addDays(day, 7)), reason: '' },
    submit: async (data) => {
      const body: Body<'packages_freeze'> = data;
      await api(`${endpoints.packages}/${item.id}/freeze`, { method: 'POST', body });
      addToast({ color: 'success', title: 'Абонемент заморожен' });
      close(true);
    },
  });
  return (
    <Modal open={open} close={() => close(false)} title={`Заморозить: ${packageTitle(item)}`}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <div className="grid">
          <div>
            <Field label="С" {...DAY} {...form.field('from')} />
          </div>
          <div>
            <Field label="По" {...DAY} {...form.field('to')} />
          </div>
        </div>
        <Field label="Причина" autoComplete="off" {...form.field('reason')} />
        <DialogFooter stray={form.stray} pending={form.pending} editing={false} action="Заморозить" onCancel={() => close(false)} />
      </form>
    </Modal>
  );
}

/** Opens «Продать абонемент»; true once sold. */
export const sellPackage = (student: Student) => ask(SellPackageDialog, { student });

/** Opens «Заморозить»; true once frozen. */
export const freezePackage = (item: MoneyPackage) => ask(FreezeDialog, { item });
