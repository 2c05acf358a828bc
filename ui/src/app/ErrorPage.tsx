//! The error page (spec §2): a not-found view for 404, a general view for anything else.
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '../paths';
import { errorAdvice, toPageError, type PageError } from './pageError';

export function ErrorView({ error }: { error: PageError }) {
  const { status, statusMessage, message } = error;
  const { heading, advice } = errorAdvice(status);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-status">
        <strong>{status}</strong> · {statusMessage}
      </p>
      <h1 id="error-title">{heading}</h1>
      {message !== statusMessage && <p className="error-message">{message}</p>}
      <p>{advice}</p>
      <p className="error-actions">
        <a href={paths.home} role="button">
          На главную
        </a>
        <button type="button" className="secondary" onClick={() => history.back()}>
          Назад
        </button>
      </p>
    </section>
  );
}

/** The router's error element: failed guards, unknown routes, failed pages. */
export function ErrorPage() {
  const raw = useRouteError();
  const error = toPageError(raw);
  useEffect(() => {
    if (error.status >= 500) console.error(raw);
  }, [raw, error.status]);
  return <ErrorView error={error} />;
}
