//! Sign-in (spec §4): e-mail, password, "remember me"; on success the current user is fetched
//! and the app goes to `/`, or back to the page of this portal named in `?redirect=`.
import { Link, useSearchParams } from 'react-router';
import { Field } from '../../components/Field';
import { REDIRECT_PARAM, safeRedirect } from '../../lib/returnTo';
import { signIn } from '../../lib/session';
import { useForm } from '../../lib/useForm';
import { paths } from '../../paths';
import { AuthCard } from './AuthCard';
import { showAuthFailure } from './failure';
import { loginSchema } from './schemas';

export default function LoginPage() {
  const [params] = useSearchParams();
  const then = safeRedirect(params.get(REDIRECT_PARAM));
  const form = useForm({
    schema: loginSchema,
    initial: { email: '', password: '', remember: false },
    submit: (credentials) => signIn(credentials, then),
    onFailure: showAuthFailure('login'),
  });
  return (
    <AuthCard
      title="Вход"
      footer={<Link to={paths.forgotPassword}>Забыли пароль?</Link>}
    >
      <form ref={form.ref} onSubmit={form.onSubmit} noValidate>
        <Field label="Эл. почта" type="email" autoComplete="username" inputMode="email" autoFocus {...form.field('email')} />
        <Field label="Пароль" type="password" autoComplete="current-password" {...form.field('password')} />
        <label>
          <input
            type="checkbox"
            role="switch"
            name="remember"
            checked={form.values.remember}
            onChange={(event) => form.set('remember', event.target.checked)}
          />
          Запомнить меня
        </label>
        <button type="submit" aria-busy={form.pending}>
          Войти
        </button>
      </form>
    </AuthCard>
  );
}
