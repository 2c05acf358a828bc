//! Reset password (spec §4): opened from the link in the mail (`?token=…&email=…`); a new
//! password twice; on success the confirmation and the sign-in page.
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../components/Field';
import { MESSAGES } from '../../lib/api/errors';
import { PASSWORD_MIN } from '../../lib/forms';
import { guestPost } from '../../lib/session';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints, paths } from '../../paths';
import { AuthCard } from './AuthCard';
import { showAuthFailure } from './failure';
import { resetSchema } from './schemas';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const navigate = useNavigate();
  const form = useForm({
    schema: resetSchema,
    initial: { password: '', password_confirmation: '' },
    submit: async (data) => {
      await guestPost(endpoints.resetPassword, { token, email, ...data });
      addToast({ color: 'success', ...MESSAGES.passwordUpdated });
      await navigate(paths.login);
    },
    onFailure: showAuthFailure('reset'),
  });
  const footer = <Link to={paths.forgotPassword}>Запросить новую ссылку</Link>;

  if (!token || !email) {
    return (
      <AuthCard title="Новый пароль" footer={footer}>
        <p>Ссылка неполная. Откройте её из письма целиком или запросите новую.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Новый пароль" lead={<>Для входа с адресом <strong>{email}</strong>.</>} footer={footer}>
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        <Field
          label="Новый пароль"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={`Не короче ${PASSWORD_MIN} символов`}
          {...form.field('password')}
        />
        <Field label="Пароль ещё раз" type="password" autoComplete="new-password" {...form.field('password_confirmation')} />
        <button type="submit" aria-busy={form.pending}>
          Сохранить пароль
        </button>
      </form>
    </AuthCard>
  );
}
