//! /settings/notifications: every notification shows in the portal (the bell, F8); here each
//! kind can also come by e-mail, and a few (a child's low mark) can be switched off. Saved with
//! a button; a toast says it is done. While a manager acts as the person, the settings are
//! shown read-only: they are the person's to change.
import { useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { FormAlert } from '../../components/FormAlert';
import { api, ApiError } from '../../lib/api/client';
import { addToast } from '../../lib/toasts';
import { currentUser, isActing } from '../../lib/user';
import { endpoints } from '../../paths';
import type { Ok } from '../../api/types';
import { isChanged, mailedKinds, offKinds, withKind, type Kind, type KindSetting } from './notificationSettings';

type Answer = Ok<'notification_settings'>;

export default function NotificationSettingsPage() {
  const { user } = useSnapshot(currentUser);
  const readOnly = isActing(user);
  const [settings, setSettings] = useState<KindSetting[] | null>(null);
  const [chosen, setChosen] = useState<Kind[]>([]);
  const [off, setOff] = useState<Kind[]>([]);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  /** The server's 422 messages, shown above the button (the toast alone would not say what). */
  const [invalid, setInvalid] = useState<string[]>([]);
  const [round, setRound] = useState(0);

  const show = ({ data }: Answer) => {
    setSettings(data);
    setChosen(mailedKinds(data));
    setOff(offKinds(data));
  };

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    api<Answer>(endpoints.notificationSettings, { signal: controller.signal }).then(show, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [round, user?.id]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setInvalid([]);
    try {
      show(await api<Ok<'notification_settings_update'>>(endpoints.notificationSettings, { method: 'PUT', body: { mail: chosen, off } }));
      addToast({ color: 'success', title: 'Настройки уведомлений сохранены', description: 'Выбранные уведомления будут приходить и на почту' });
    } catch (failure) {
      // The client has already shown the toast; a 422 also says what is wrong here.
      if (failure instanceof ApiError && failure.status === 422) setInvalid(Object.values(failure.fieldErrors));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="narrow notification-settings">
      <h1>Уведомления</h1>
      <p className="muted">
        Все уведомления видны в портале: значок колокольчика вверху страницы или клавиша F8. Отметьте, какие из них также
        присылать на почту{user ? ` ${user.email}` : ''}.
      </p>
      {settings === null ? (
        failed ? (
          <div className="empty-state">
            <p>Не удалось загрузить настройки уведомлений.</p>
            <button type="button" className="secondary outline" onClick={() => setRound((n) => n + 1)}>
              Повторить
            </button>
          </div>
        ) : (
          <p aria-busy="true">Загружаем настройки…</p>
        )
      ) : settings.length === 0 ? (
        <div className="empty-state">
          <p>Настраивать пока нечего.</p>
        </div>
      ) : (
        <form onSubmit={(event) => void save(event)}>
          {readOnly && (
            <p className="read-only-note" role="note">
              Пока вы вошли как другой пользователь, его настройки уведомлений не меняются.
            </p>
          )}
          {settings.map((setting) => (
            <fieldset key={setting.kind} className="notification-kind">
              <legend>{setting.title}</legend>
              <p className="muted">{setting.description}</p>
              <label>
                <input
                  type="checkbox"
                  role="switch"
                  checked={chosen.includes(setting.kind)}
                  // A kind that does not come at all comes by mail neither.
                  disabled={readOnly || off.includes(setting.kind)}
                  onChange={(event) => setChosen(withKind(settings, chosen, setting.kind, event.target.checked))}
                />
                Также присылать на почту
              </label>
              {setting.switchable && (
                <label>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={off.includes(setting.kind)}
                    disabled={readOnly}
                    onChange={(event) => setOff(withKind(settings, off, setting.kind, event.target.checked))}
                  />
                  Не присылать совсем
                </label>
              )}
            </fieldset>
          ))}
          <FormAlert messages={invalid} />
          {!readOnly && (
            <button type="submit" aria-busy={pending} disabled={pending || !isChanged(settings, chosen, off)}>
              Сохранить
            </button>
          )}
        </form>
      )}
    </section>
  );
}
