//! A manager sets a user's password, or mails the user a link to set it himself.
import { useState } from 'react';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { Modal } from '../../components/Modal';
import { api } from '../../lib/api/client';
import { MESSAGES } from '../../lib/api/errors';
import { confirmedPassword, newPasswordFields, PASSWORD_MIN, z } from '../../lib/forms';
import type { OverlayProps } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { userUrl } from '../../lib/useCard';
import { useForm } from '../../lib/useForm';

const schema = confirmedPassword(z.object(newPasswordFields));

export function PasswordDialog({ open, close, userId, email }: OverlayProps & { userId: number; email: string }) {
  const [sending, setSending] = useState(false);
  const form = useForm({
    schema,
    initial: { password: '', password_confirmation: '' },
    submit: async (data) => {
      await api(userUrl(userId, 'change-password'), { method: 'POST', body: data });
      close();
      addToast({ color: 'success', ...MESSAGES.passwordUpdated });
    },
  });
  const sendLink = async () => {
    setSending(true);
    try {
      await api(userUrl(userId, 'resend-password'), { method: 'POST' });
      close();
      addToast({ color: 'success', ...MESSAGES.mailSent });
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal open={open} close={close} title="Пароль пользователя">
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <Field label="Новый пароль" type="password" autoComplete="new-password" hint={`Не короче ${PASSWORD_MIN} символов`} {...form.field('password')} />
        <Field label="Новый пароль ещё раз" type="password" autoComplete="new-password" {...form.field('password_confirmation')} />
        <FormAlert messages={form.stray} />
        <footer className="dialog-actions">
          <button type="button" className="secondary outline" aria-busy={sending} onClick={() => void sendLink().catch(() => undefined)}>
            Отправить ссылку на {email}
          </button>
          <button type="submit" aria-busy={form.pending}>
            Сохранить пароль
          </button>
        </footer>
      </form>
    </Modal>
  );
}
