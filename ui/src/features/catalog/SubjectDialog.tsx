//! Creating or changing a subject: name, palette colour (a preview chip), the usual price per
//! lesson, and the archive mark; the server's 422 messages show under the fields.
import type { Ok } from '../../api/types';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { Modal } from '../../components/Modal';
import { PalettePicker } from '../../components/PalettePicker';
import { TagBadge } from '../../components/TagBadge';
import { api } from '../../lib/api/client';
import { z } from '../../lib/forms';
import type { OverlayProps } from '../../lib/overlays';
import { PALETTE, type PaletteColour } from '../../lib/palette';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { roublesField, type Subject } from './catalog';
import { priceField } from './fields';

const schema = z.object({ name: z.string().trim().min(1), color: z.enum(PALETTE), price: priceField, archived: z.boolean() });

export function SubjectDialog({ open, close, subject }: OverlayProps & { subject?: Subject }) {
  const form = useForm({
    schema,
    initial: { name: subject?.name ?? '', color: (subject?.color ?? 'blue') as PaletteColour, price: roublesField(subject?.price), archived: subject?.archived ?? false },
    submit: async (data) => {
      const url = subject ? `${endpoints.subjects}/${subject.id}` : endpoints.subjects;
      const { data: saved } = await api<Ok<'subjects_update'>>(url, { method: subject ? 'PUT' : 'POST', body: data });
      close(saved);
      addToast({ color: 'success', title: subject ? 'Предмет сохранён' : 'Предмет создан', description: saved.name });
    },
  });
  const { values, errors } = form;
  return (
    <Modal open={open} close={close} title={subject ? 'Изменить предмет' : 'Новый предмет'}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <Field label="Название" autoComplete="off" maxLength={60} {...form.field('name')} />
        <PalettePicker value={values.color} onChange={(colour) => form.set('color', colour)} error={errors.color} />
        <p>
          Так предмет выглядит в расписании: <TagBadge tag={{ name: values.name.trim() || 'Предмет', color: values.color }} />
        </p>
        <Field label="Цена занятия, ₽" inputMode="decimal" autoComplete="off" hint="Для ученика; у ученика может быть своя цена" {...form.field('price')} />
        {subject && (
          <label className="inline-check">
            <input type="checkbox" role="switch" checked={values.archived} onChange={(event) => form.set('archived', event.target.checked)} />В архиве
          </label>
        )}
        <FormAlert messages={form.stray} />
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={() => close()}>
            Отмена
          </button>
          <button type="submit" aria-busy={form.pending}>
            {subject ? 'Сохранить' : 'Создать'}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
