//! Creating or changing a tag: its name and a colour from the palette (spec §9), shown as a
//! preview badge; the server's 422 messages show under the fields.
import type { Ok } from '../../api/types';
import { Field } from '../../components/Field';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { PalettePicker } from '../../components/PalettePicker';
import { TagBadge } from '../../components/TagBadge';
import { saveRecord } from '../../lib/api/client';
import { z } from '../../lib/forms';
import type { OverlayProps } from '../../lib/overlays';
import { TAG_COLOURS, type Tag } from '../../lib/tags';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';

const schema = z.object({ name: z.string().trim().min(1), color: z.enum(TAG_COLOURS) });

export function TagDialog({ open, close, tag }: OverlayProps & { tag?: Tag }) {
  const form = useForm({
    schema,
    initial: { name: tag?.name ?? '', color: (tag?.color ?? 'blue') as (typeof TAG_COLOURS)[number] },
    submit: async (data) => {
      const saved = await saveRecord<Ok<'tags_update'>['data']>(endpoints.tags, tag?.id, data);
      close(saved);
      addToast({ color: 'success', title: tag ? 'Тег сохранён' : 'Тег создан', description: saved.name });
    },
  });
  const { values, errors } = form;
  return (
    <Modal open={open} close={close} title={tag ? 'Изменить тег' : 'Новый тег'}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <Field label="Название" autoComplete="off" maxLength={60} {...form.field('name')} />
        <PalettePicker value={values.color} onChange={(colour) => form.set('color', colour)} error={errors.color} />
        <p>
          Так тег будет выглядеть: <TagBadge tag={{ name: values.name.trim() || 'Тег', color: values.color }} />
        </p>
        <DialogFooter stray={form.stray} pending={form.pending} editing={Boolean(tag)} onCancel={() => close()} />
      </form>
    </Modal>
  );
}
