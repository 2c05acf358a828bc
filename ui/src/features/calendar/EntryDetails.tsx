//! A lesson's details in a dialog: subject, day and time, room, state, topic; staff may move it
//! to another day and time here too (the keyboard's way to do what dragging does). An event of the
//! school shows its title, when it is and its description, and nothing to do.
import { useEffect, useState } from 'react';
import { Modal } from '../../components/Modal';
import { eventWhen } from '../../lib/events';
import { isEvent, isWholeDay, STATUS_NAMES, type Entry } from './calendar';
import { clock, isDay, periodTitle, timeRange, wallClock } from './dates';

interface Props {
  entry: Entry | null;
  editable: boolean;
  close: () => void;
  /** Resolves to the server's refusal, or null when moved. */
  onMove: (entry: Entry, day: string, minutes: number) => Promise<string | null>;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function EntryDetails({ entry, editable, close, onMove }: Props) {
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const at = entry ? wallClock(entry.starts_at) : null;
    setDay(at?.day ?? '');
    setTime(at ? clock(at.minutes) : '');
    setError('');
  }, [entry]);
  const at = entry ? wallClock(entry.starts_at) : null;
  const movable = editable && entry?.kind === 'lesson' && entry.status === 'planned';

  const submit = async () => {
    if (!entry) return;
    const match = TIME.exec(time.trim());
    if (!isDay(day)) return setError('Укажите день');
    if (!match) return setError('Время в формате ЧЧ:ММ');
    setBusy(true);
    const refused = await onMove(entry, day, Number(match[1]) * 60 + Number(match[2]));
    setBusy(false);
    if (refused) setError(refused);
    else close();
  };

  return (
    <Modal open={entry !== null} close={close} title={entry?.title ?? ''}>
      {entry && at && isEvent(entry) && (
        <dl className="cal-details">
          <dt>Когда</dt>
          <dd>{eventWhen(entry.starts_at, entry.ends_at, isWholeDay(entry))}</dd>
          {entry.topic && (
            <>
              <dt>Описание</dt>
              <dd className="cal-event-description">{entry.topic}</dd>
            </>
          )}
        </dl>
      )}
      {entry && at && !isEvent(entry) && (
        <>
          <dl className="cal-details">
            <dt>Когда</dt>
            <dd>
              {periodTitle('day', at.day)}, {timeRange(entry.starts_at, entry.ends_at)}
            </dd>
            {entry.room && (
              <>
                <dt>Кабинет</dt>
                <dd>{entry.room}</dd>
              </>
            )}
            <dt>Состояние</dt>
            <dd>
              {STATUS_NAMES[entry.status]}
              {entry.cancel_reason && `: ${entry.cancel_reason}`}
            </dd>
            {entry.topic && (
              <>
                <dt>Тема</dt>
                <dd>{entry.topic}</dd>
              </>
            )}
          </dl>
          {movable && (
            <form
              className="cal-move"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <fieldset role="group">
                <label>
                  День
                  <input type="date" value={day} onChange={(event) => setDay(event.target.value)} required />
                </label>
                <label>
                  Время
                  <input inputMode="numeric" placeholder="ЧЧ:ММ" value={time} onChange={(event) => setTime(event.target.value)} aria-invalid={error ? true : undefined} />
                </label>
              </fieldset>
              {error && (
                <small role="alert" className="cal-move-error">
                  {error}
                </small>
              )}
              <button type="submit" aria-busy={busy} disabled={busy}>
                Перенести
              </button>
            </form>
          )}
        </>
      )}
    </Modal>
  );
}
