//! A person's private iCal link (for the phone's calendar app): made on request, shown with a
//! copy button, and changed after a confirmation (the old link stops working). Hidden from those
//! the server does not show it to (a worker looking at someone else's calendar). A link to the
//! server's own computer, seen from another, comes with a hint that no phone opens it.
import { useEffect, useState } from 'react';
import type { Ok } from '../../api/types';
import { confirm } from '../../components/ConfirmDialog';
import { api, ApiError } from '../../lib/api/client';
import { addToast } from '../../lib/toasts';
import { endpoints } from '../../paths';

const feedUrl = (userId: number, action = '') => `${endpoints.users}/${userId}/calendar-feed${action}`;

/** Whether `host` (a URL's hostname) names only the computer it is typed on. */
const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/**
 * The host of `url` when it names the server's own computer (127.0.0.1, localhost) while the page
 * is opened from `pageHost`, another one: a phone given that link looks for the school on itself
 * (`server.public_url` is left at its default). Otherwise null.
 */
export function hostOnlyTheServerOpens(url: string, pageHost: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return isLoopback(host) && !isLoopback(pageHost) ? host : null;
}

export function FeedLink({ userId, own }: { userId: number; own: boolean }) {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setHidden(false);
    setUrl(undefined);
    api<Ok<'users_calendar_feed'>>(feedUrl(userId), { signal: controller.signal, ownFailure: (status) => status === 403 }).then(
      ({ data }) => setUrl(data.url),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 403) setHidden(true);
      },
    );
    return () => controller.abort();
  }, [userId]);

  if (hidden || url === undefined) return null;
  const unreachable = url && hostOnlyTheServerOpens(url, window.location.hostname);

  const rotate = async () => {
    if (
      url &&
      !(await confirm({
        title: 'Сменить ссылку?',
        message: 'Старая ссылка перестанет работать: календарь на телефоне придётся подключить заново по новой.',
        action: 'Сменить ссылку',
        danger: true,
      }))
    )
      return;
    setBusy(true);
    try {
      const { data } = await api<Ok<'users_calendar_feed_rotate'>>(feedUrl(userId, '/rotate'), { method: 'POST' });
      setUrl(data.url);
      addToast({ color: 'success', title: url ? 'Ссылка сменена' : 'Ссылка готова' });
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      addToast({ color: 'success', title: 'Ссылка скопирована' });
    } catch {
      addToast({ color: 'warning', title: 'Не удалось скопировать', description: 'Выделите ссылку и скопируйте её вручную.' });
    }
  };

  return (
    <section className="cal-feed" aria-labelledby="cal-feed-title">
      <h2 id="cal-feed-title">Календарь в телефоне</h2>
      <p>
        {own ? 'Ваши занятия' : 'Занятия'} могут сами появляться в календаре телефона или почты: подпишитесь на эту ссылку (в iPhone — «Добавить
        подписной календарь», в Google Календаре — «Добавить по URL»). Ссылка личная: её владелец видит расписание без пароля.
      </p>
      {unreachable && (
        <p role="note" className="info-note">
          Ссылка ведёт на {unreachable} — по такому адресу телефон портал не откроет. Попросите менеджера указать в настройке server.public_url адрес, по
          которому открывают портал (например, {window.location.origin}).
        </p>
      )}
      {url ? (
        <div className="cal-feed-link">
          <input readOnly value={url} aria-label="Ссылка на календарь" onFocus={(event) => event.currentTarget.select()} />
          <button type="button" onClick={() => void copy()}>
            Копировать
          </button>
          <button type="button" className="secondary outline" aria-busy={busy} disabled={busy} onClick={() => void rotate()}>
            Сменить ссылку
          </button>
        </div>
      ) : (
        <button type="button" aria-busy={busy} disabled={busy} onClick={() => void rotate()}>
          Получить ссылку
        </button>
      )}
    </section>
  );
}
