//! Creating or changing a subject: name, palette colour (a preview chip), the usual price per
//! lesson (a manager's to set: a worker sees it read-only), and the archive mark; the server's
//! 422 messages show under the fields.
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { mayOpen } from '../../app/guards';
import { Field } from '../../components/Field';
import { ArchivedSwitch, DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { PalettePicker } from '../../components/PalettePicker';
import { TagBadge } from '../../components/TagBadge';
import { saveRecord } from '../../lib/api/client';
import { z } from '../../lib/forms';
import type { OverlayProps } from '../../lib/overlays';
import { PALETTE, type PaletteColour } from '../../lib/palette';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { currentUser } from '../../lib/user';
import { endpoints } from '../../paths';
import { priceField, roublesField } from '../../lib/money';
import type { Subject } from '../../lib/teaching';

/** The longest name the server takes (a tag's). */
const NAME_MAX = 50;

const schema = z.object({
  name: z.string().trim().min(1).max(NAME_MAX, `Не длиннее ${NAME_MAX} символов`),
  color: z.enum(PALETTE),
  price: priceField,
  archived: z.boolean(),
});

export function SubjectDialog({ open, close, subject }: OverlayProps & { subject?: Subject }) {
  const { user } = useSnapshot(currentUser);
  const pricing = mayOpen(['manager'], user);
  const form = useForm({
    schema,
    initial: { name: subject?.name ?? '', color: (subject?.color ?? 'blue') as PaletteColour, price: roublesField(subject?.price), archived: subject?.archived ?? false },
    submit: async (data) => {
      const saved = await saveRecord<Ok<'subjects_update'>['data']>(endpoints.subjects, subject?.id, data);
      close(saved);
      addToast({ color: 'success', title: subject ? 'Предмет сохранён' : 'Предмет создан', description: saved.name });
    },
  });
  const { values, errors } = form;
  return (
    <Modal open={open} close={close} title={subject ? 'Изменить предмет' : 'Новый предмет'}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <Field label="Название" autoComplete="off" maxLength={NAME_MAX} {...form.field('name')} />
        <PalettePicker value={values.color} onChange={(colour) => form.set('color', colour)} error={errors.color} />
        <p>
          Так предмет выглядит в расписании: <TagBadge tag={{ name: values.name.trim() || 'Предмет', color: values.color }} />
        </p>
        <Field
          label="Цена занятия, ₽"
          inputMode="decimal"
          autoComplete="off"
          disabled={!pricing}
          hint={pricing ? 'Для ученика; у ученика может быть своя цена' : 'Цену меняет менеджер'}
          {...form.field('price')}
        />
        {subject && <ArchivedSwitch checked={values.archived} onChange={(archived) => form.set('archived', archived)} />}
        <DialogFooter stray={form.stray} pending={form.pending} editing={Boolean(subject)} onCancel={() => close()} />
      </form>
    </Modal>
  );
}
