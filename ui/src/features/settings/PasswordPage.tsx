//! Changing one's own password (the current one is required; the server then ends the other
//! sessions) and signing out on all other devices.
import { useSnapshot } from 'valtio';
import { Field } from '../../components/Field';
import { FormAlert } from '../../components/FormAlert';
import { api } from '../../lib/api/client';
import { MESSAGES } from '../../lib/api/errors';
import { PASSWORD_MIN } from '../../lib/forms';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { currentUser } from '../../lib/user';
import { endpoints } from '../../paths';
import { OtherSessionsDialog } from './OtherSessionsDialog';
import { changePasswordSchema } from './schemas';

function signOutElsewhere() {
  void openOverlay(createOverlay(OtherSessionsDialog, { destroyOnClose: true }));
}

export default function PasswordPage() {
  const { user } = useSnapshot(currentUser);
  const form = useForm({
    schema: changePasswordSchema,
    initial: { current_password: '', password: '', password_confirmation: '' },
    submit: async (data) => {
      await api(endpoints.changePassword, { method: 'PUT', body: data });
      form.reset();
      addToast({ color: 'success', title: MESSAGES.passwordUpdated.title, description: 'Сеансы на других устройствах завершены' });
    },
  });
  return (
    <section className="narrow">
      <h1>Пароль</h1>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate aria-labelledby="change-password">
        <h2 id="change-password">Сменить пароль</h2>
        <input type="email" name="email" value={user?.email ?? ''} autoComplete="username" readOnly hidden />
        <Field label="Текущий пароль" type="password" autoComplete="current-password" {...form.field('current_password')} />
        <Field
          label="Новый пароль"
          type="password"
          autoComplete="new-password"
          hint={`Не короче ${PASSWORD_MIN} символов. После смены пароля вход на других устройствах завершится.`}
          {...form.field('password')}
        />
        <Field label="Новый пароль ещё раз" type="password" autoComplete="new-password" {...form.field('password_confirmation')} />
        <FormAlert messages={form.stray} />
        <button type="submit" aria-busy={form.pending}>
          Сменить пароль
        </button>
      </form>
      <section aria-labelledby="other-sessions">
        <h2 id="other-sessions">Другие устройства</h2>
        <p className="muted">
          Входили в портал с чужого компьютера или потеряли телефон? Завершите все сеансы, кроме этого: там
          придётся войти заново.
        </p>
        <button type="button" className="secondary outline" onClick={signOutElsewhere}>
          Выйти на всех других устройствах
        </button>
      </section>
    </section>
  );
}
