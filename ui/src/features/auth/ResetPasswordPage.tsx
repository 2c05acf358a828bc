//! Reset password (spec §4): opened from the link in the mail (`?token=…&email=…`); a new
//! password twice; on success the confirmation and the sign-in page. As it opens, the page asks
//! the server whether the link still works, so a used or expired link is told at once, with the
//! way to a new one, instead of after the form is filled.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api/client';
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

const LINK_INVALID = 'Ссылка для сброса пароля недействительна или устарела';

/** Whether the link works: still asking, yes, or no with the server's message. */
type LinkState = { state: 'checking' } | { state: 'valid' } | { state: 'invalid'; message: string };

/** Asks `POST /reset-password/check` once for this token and e-mail. */
function useLinkState(token: string, email: string): LinkState {
  const [link, setLink] = useState<LinkState>({ state: 'checking' });
  useEffect(() => {
    if (!token || !email) return;
    let current = true;
    guestPost<void>(endpoints.resetPasswordCheck, { token, email }).then(
      () => current && setLink({ state: 'valid' }),
      (error: unknown) => {
        if (!current) return;
        // A refused link (422) or too many checks (429) are told here; anything else lets the
        // form try, and the reset itself will answer.
        const told = error instanceof ApiError && (error.status === 422 || error.status === 429);
        setLink(told ? { state: 'invalid', message: error.body.message || LINK_INVALID } : { state: 'valid' });
      },
    );
    return () => {
      current = false;
    };
  }, [token, email]);
  return link;
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const navigate = useNavigate();
  const link = useLinkState(token, email);
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
  if (link.state === 'invalid') {
    return (
      <AuthCard title="Новый пароль" footer={footer}>
        <p role="alert">{link.message}</p>
        <p>Запросите новую ссылку: она придёт на адрес {email}.</p>
      </AuthCard>
    );
  }
  if (link.state === 'checking') {
    return (
      <AuthCard title="Новый пароль" footer={footer}>
        <p aria-busy="true">Проверяем ссылку…</p>
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
