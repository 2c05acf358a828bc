//! Forgot password (spec §4): the e-mail; on success the sign-in page with the confirmation.
import { Link, useNavigate } from 'react-router';
import { Field } from '../../components/Field';
import { MESSAGES } from '../../lib/api/errors';
import { guestPost } from '../../lib/session';
import { addToast } from '../../lib/toasts';
import { useForm } from '../../lib/useForm';
import { endpoints, paths } from '../../paths';
import { AuthCard } from './AuthCard';
import { showAuthFailure } from './failure';
import { forgotSchema } from './schemas';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useForm({
    schema: forgotSchema,
    initial: { email: '' },
    submit: async (data) => {
      await guestPost(endpoints.forgotPassword, data);
      addToast({ color: 'success', ...MESSAGES.mailSent });
      await navigate(paths.login);
    },
    onFailure: showAuthFailure('forgot'),
  });
  return (
    <AuthCard
      title="Восстановление пароля"
      lead="Укажите адрес, с которым вы входите в портал: мы пришлём на него ссылку для нового пароля."
      footer={<Link to={paths.login}>Вернуться ко входу</Link>}
    >
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <Field label="Эл. почта" type="email" autoComplete="username" inputMode="email" autoFocus {...form.field('email')} />
        <button type="submit" aria-busy={form.pending}>
          Отправить ссылку
        </button>
      </form>
    </AuthCard>
  );
}
