//! /settings/backups (managers): the copies of the school's database with their status, a copy
//! made on request with its progress, and each copy's download (streamed by the browser).
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client';
import { formatCount, formatDateTime } from '../../lib/format';
import { addToast } from '../../lib/toasts';
import { endpoints } from '../../paths';
import { copyUrl, POLL_MS, type BackupsView } from './backups';
import './backups.css';

export default function BackupsPage() {
  const [view, setView] = useState<BackupsView | null>(null);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(false);
  const [round, setRound] = useState(0);
  /** Polls that failed while a copy is being made: each asks again after `POLL_MS`. */
  const [missed, setMissed] = useState(0);
  const running = view?.running ?? null;

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    api<BackupsView>(endpoints.backups, { signal: controller.signal }).then(setView, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [round]);

  // While a copy is being made, ask how it goes; when it ends, say how it went.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => {
      api<BackupsView>(endpoints.backups).then(
        (next) => {
          setView(next);
          if (next.running || !asked) return;
          setAsked(false);
          if (next.last_failure) addToast({ color: 'error', title: 'Резервное копирование', description: next.last_failure.message });
          else addToast({ color: 'success', title: 'Копия готова', description: next.data[0]?.name ?? '' });
        },
        // A lost answer (the network, a restart) does not end the copy: ask again.
        () => setMissed((n) => n + 1),
      );
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [view, running, asked, missed]);

  const makeNow = async () => {
    try {
      setView(await api<BackupsView>(endpoints.backups, { method: 'POST', body: {} }));
      setAsked(true);
    } catch {
      // The client has already shown what went wrong.
    }
  };

  return (
    <section className="backups">
      <h1>Резервные копии</h1>
      <p className="muted">
        Копия — вся школа в одном файле. Сервер продолжает работать, пока она делается. {view?.schedule ? `${view.schedule}.` : ''}
      </p>
      <div className="backups-actions">
        <button type="button" onClick={() => void makeNow()} disabled={running !== null || view === null} aria-busy={running !== null}>
          Сделать копию сейчас
        </button>
        {running && (
          <label className="backups-progress">
            {running.step}: {running.percent}%
            <progress value={running.percent} max={100} aria-label="Ход копирования" />
          </label>
        )}
      </div>
      {view?.last_failure && !running && (
        <p className="backups-failure" role="alert">
          {formatDateTime(view.last_failure.at)}: {view.last_failure.message}
        </p>
      )}
      {view === null ? (
        failed ? (
          <div className="empty-state">
            <p>Не удалось загрузить список копий.</p>
            <button type="button" className="secondary outline" onClick={() => setRound((n) => n + 1)}>
              Повторить
            </button>
          </div>
        ) : (
          <p aria-busy="true">Загружаем копии…</p>
        )
      ) : view.data.length === 0 ? (
        <div className="empty-state">
          {/* The failure may be the directory itself: then there may well be copies, unseen. */}
          <p>{view.last_failure ? 'Копий не найдено: см. ошибку выше.' : 'Копий пока нет.'}</p>
        </div>
      ) : (
        <table className="data-table backups-table">
          <thead>
            <tr>
              <th>Копия</th>
              <th>Сделана</th>
              <th>Размер</th>
              <th>Версия</th>
              <th>Записей</th>
              <th>Состояние</th>
            </tr>
          </thead>
          <tbody>
            {view.data.map((copy) => (
              <tr key={copy.name}>
                <td data-label="Копия">
                  <a href={copyUrl(copy.name)} download={copy.name}>
                    {copy.name}
                  </a>
                </td>
                <td data-label="Сделана">{copy.created_at ? formatDateTime(copy.created_at) : '—'}</td>
                <td data-label="Размер">{copy.size_text}</td>
                <td data-label="Версия">{copy.klass_version ? `${copy.klass_version} (схема ${copy.schema_version})` : '—'}</td>
                <td data-label="Записей">{copy.records != null ? formatCount(copy.records) : '—'}</td>
                <td data-label="Состояние" className={`backup-${copy.status}`}>
                  {copy.status_text}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <RestoreHelp />
    </section>
  );
}

/** How to check a copy and put it back: both are done on the server, with the portal's binary. */
function RestoreHelp() {
  return (
    <details className="backups-help">
      <summary>Как проверить копию и восстановить из неё школу</summary>
      <ol>
        <li>
          Проверка: на сервере выполните <code>klass backup verify ФАЙЛ_КОПИИ</code>. Портал работает и во время проверки; её
          итог появится в колонке «Состояние».
        </li>
        <li>
          Восстановление заменяет все нынешние данные школы данными копии. Остановите сервер (например,{' '}
          <code>systemctl stop klass</code>), выполните <code>klass backup restore ФАЙЛ_КОПИИ</code> и запустите сервер снова.
          Нынешняя база сохранится рядом с ней как <code>klass.redb.before-restore-…</code>.
        </li>
      </ol>
    </details>
  );
}
