//! E-mail confirmation (spec §2: the target of a 409): why the address must be confirmed and a
//! button to send the letter again; opened from the letter's link (`?token=…`) it confirms.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { api, ApiError } from '../../lib/api/client';
import { MESSAGES } from '../../lib/api/errors';
import { refreshCurrentUser } from '../../lib/session';
import { addToast } from '../../lib/toasts';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';

const home = (
  <Link to={paths.home} role="button">
    На главную
  </Link>
);

function ResendButton() {
  const [pending, setPending] = useState(false);
  const resend = async () => {
    if (pending) return;
    setPending(true);
    try {
      await api(endpoints.resendVerification, { method: 'POST' });
      addToast({ color: 'success', ...MESSAGES.mailSent });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setPending(false);
    }
  };
  return (
    <button type="button" aria-busy={pending} onClick={resend}>
      Отправить письмо ещё раз
    </button>
  );
}

function Notice() {
  const { user } = useSnapshot(currentUser);
  if (user?.email_verified) {
    return (
      <>
        <p>
          Адрес <strong>{user.email}</strong> подтверждён.
        </p>
        {home}
      </>
    );
  }
  return (
    <>
      <p>
        Школа просит подтвердить адрес электронной почты{user && <> <strong>{user.email}</strong></>}, прежде
        чем открыть разделы портала. Для этого откройте ссылку из письма «Подтвердите адрес электронной
        почты».
      </p>
      <p className="muted">Письма нет ни во входящих, ни в папке «Спам»? Отправьте его ещё раз.</p>
      {user ? (
        <ResendButton />
      ) : (
        <Link to={paths.login} role="button">
          Войти, чтобы отправить письмо
        </Link>
      )}
    </>
  );
}

type Outcome = { ok: true } | { ok: false; message: string };

function Confirmation({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { user } = useSnapshot(currentUser);
  const started = useRef(false);

  useEffect(() => {
    // The token is single-use: confirm once even when an effect runs twice.
    if (started.current) return;
    started.current = true;
    api(endpoints.verifyEmail, { method: 'POST', body: { token }, ownFailure: (status) => status === 422 }).then(
      async () => {
        if (currentUser.user) await refreshCurrentUser().catch(() => undefined);
        setOutcome({ ok: true });
      },
      (error: unknown) => {
        const refused = error instanceof ApiError && error.status === 422;
        setOutcome({ ok: false, message: refused ? error.message : 'Не удалось подтвердить адрес. Попробуйте ещё раз позже.' });
      },
    );
  }, [token]);

  if (!outcome) return <p aria-busy="true">Проверяем ссылку…</p>;
  if (outcome.ok) {
    return (
      <>
        <p role="status">Адрес электронной почты подтверждён. Теперь вам доступны все разделы портала.</p>
        {home}
      </>
    );
  }
  return (
    <>
      <p role="alert" className="form-error">
        {outcome.message}
      </p>
      {user && <ResendButton />}
    </>
  );
}

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <section className="narrow">
      <h1>Подтверждение эл. почты</h1>
      {token ? <Confirmation token={token} /> : <Notice />}
    </section>
  );
}
