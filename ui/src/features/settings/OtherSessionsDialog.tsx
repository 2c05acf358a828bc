//! The confirmation of "sign out on all other devices": asks for the current password.
import type { Ok } from '../../api/types';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { Modal } from '../../components/Modal';
import { api } from '../../lib/api/client';
import type { OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints } from '../../paths';
import { confirmPasswordSchema } from './schemas';

export function OtherSessionsDialog({ open, close }: OverlayProps) {
  const form = useForm({
    schema: confirmPasswordSchema,
    initial: { password: '' },
    submit: async (data) => {
      const { ended } = await api<Ok<'end_other_sessions'>>(endpoints.endOtherSessions, { method: 'POST', body: data });
      close();
      addToast({ color: 'success', title: 'Выполнен выход на других устройствах', description: `Завершено сеансов: ${ended}` });
    },
  });
  return (
    <Modal open={open} close={close} title="Выйти на других устройствах?">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <p>Все сеансы, кроме этого, завершатся. Для подтверждения введите текущий пароль.</p>
        <Field label="Текущий пароль" type="password" autoComplete="current-password" {...form.field('password')} />
        <FormAlert messages={form.stray} />
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={() => close()}>
            Отмена
          </button>
          <button type="submit" aria-busy={form.pending}>
            Выйти на других устройствах
          </button>
        </footer>
      </form>
    </Modal>
  );
}
