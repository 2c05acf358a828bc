//! The weekly timetable of a group as rows of weekday + start + length: add a row (the day after
//! the last one), remove one, change one; each row's own message beside it, and the clashes the
//! server reported (another lesson of the teacher, a student or the room) under the rows. Every
//! control is a native one, so the whole editor works from the keyboard; a new row takes the focus.
import { useEffect, useRef } from 'react';
import { addedRow, changedRow, checkRows, DURATION_MAX, DURATION_MIN, removedRow, slotsOf, timetableInWords, WEEKDAY_NAMES, WEEKDAY_SHORT, WEEKDAYS, type SlotDraft } from '../lib/timetable';
import { plural } from '../lib/plural';
import { Icon } from './Icon';
import './ScheduleEditor.css';

/** A timetable clashing every week would list dozens: the first few tell enough. */
const CLASHES_SHOWN = 5;

interface Props {
  rows: readonly SlotDraft[];
  onChange: (rows: SlotDraft[]) => void;
  /** Each row's message, by index. */
  rowErrors?: Record<number, string>;
  /** A message about the timetable as a whole (no rows). */
  error?: string;
  /** What the server found booked already: one message per clash. */
  clashes?: readonly string[];
  /** What saving would do, as the server counted it («Будет создано занятий: 26»). */
  note?: string;
}

export function ScheduleEditor({ rows, onChange, rowErrors = {}, error, clashes = [], note }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const added = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    list.current?.querySelector<HTMLSelectElement>('li:last-child select')?.focus();
  }, [rows.length]);

  const remove = (index: number) => {
    onChange(removedRow(rows, index));
    // The focus goes to the row that takes its place, or to «Добавить» when none is left.
    requestAnimationFrame(() => {
      const next = list.current?.querySelectorAll<HTMLSelectElement>('li select')[Math.min(index, rows.length - 2)];
      (next ?? addButton.current)?.focus();
    });
  };

  return (
    <fieldset className="schedule-editor" aria-invalid={error || clashes.length ? true : undefined}>
      <legend>Расписание на неделю</legend>
      <ol ref={list} className="schedule-rows">
        {rows.map((row, index) => {
          const name = `${WEEKDAY_SHORT[row.weekday]} ${row.start}`;
          const message = rowErrors[index];
          const noteId = `schedule-row-${index}-note`;
          return (
            <li key={index} className="schedule-row" aria-invalid={message ? true : undefined}>
              <label>
                <span>День</span>
                <select value={row.weekday} onChange={(event) => onChange(changedRow(rows, index, { weekday: Number(event.target.value) }))}>
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {WEEKDAY_NAMES[day]}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <span>Начало</span>
                <input
                  type="text"
                  inputMode="numeric"
                  placeholder="ЧЧ:ММ"
                  maxLength={5}
                  autoComplete="off"
                  required
                  value={row.start}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? noteId : undefined}
                  onChange={(event) => onChange(changedRow(rows, index, { start: event.target.value }))}
                />
              </label>
              <label>
                <span>Минут</span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={DURATION_MIN}
                  max={DURATION_MAX}
                  step={5}
                  value={row.duration}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? noteId : undefined}
                  onChange={(event) => onChange(changedRow(rows, index, { duration: event.target.value }))}
                />
              </label>
              <button type="button" className="secondary outline" aria-label={`Убрать занятие: ${name}`} title="Убрать" onClick={() => remove(index)}>
                <Icon name="trash" size={18} />
              </button>
              {message && (
                <small id={noteId} className="field-error">
                  {message}
                </small>
              )}
            </li>
          );
        })}
      </ol>
      {error && <small className="field-error">{error}</small>}
      {rows.length > 0 && Object.keys(checkRows(rows).rows).length === 0 && (
        <p className="schedule-words" aria-live="polite">
          По расписанию: <strong>{timetableInWords(slotsOf(rows))}</strong>
          {note && clashes.length === 0 && <span className="muted"> · {note}</span>}
        </p>
      )}
      <button
        ref={addButton}
        type="button"
        className="secondary outline schedule-add"
        onClick={() => {
          added.current = true;
          onChange(addedRow(rows));
        }}
      >
        <Icon name="plus" size={18} /> Добавить день
      </button>
      {clashes.length > 0 && (
        <div className="schedule-clashes form-error" role="alert">
          <p>Расписание пересекается с другими занятиями, так сохранить нельзя:</p>
          <ul>
            {clashes.slice(0, CLASHES_SHOWN).map((clash) => (
              <li key={clash}>{clash}</li>
            ))}
          </ul>
          {clashes.length > CLASHES_SHOWN && <p className="more-clashes">…и ещё {plural(clashes.length - CLASHES_SHOWN, ['пересечение', 'пересечения', 'пересечений'])}</p>}
        </div>
      )}
    </fieldset>
  );
}
