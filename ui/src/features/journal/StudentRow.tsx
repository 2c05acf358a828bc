//! One student in a lesson's journal form: his name, four large attendance toggles (one tap; a
//! comment, e.g. the reason, once he is not simply present), five mark buttons (one tap gives a
//! mark «за урок»), each mark given with its kind, comment and a button to take it away, and the
//! server's messages about him.
import { MarkChip, markTitle } from '../../components/MarkChip';
import { ATTENDANCE_SHORT, ATTENDANCE_STATUSES, ATTENDANCE_TITLES, attendanceWords, isFeminineName, MARK_KIND_NAMES, MARK_VALUES, type AttendanceStatus, type MarkKind } from '../../lib/journal';
import type { DraftMark } from './journalForm';

const KINDS = Object.keys(MARK_KIND_NAMES) as MarkKind[];

/** «отсутствовал …» -> «Отсутствовал …». */
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Props {
  id: number;
  name: string;
  status: AttendanceStatus | undefined;
  comment: string;
  marks: readonly DraftMark[];
  errors: readonly string[] | undefined;
  /** Attendance may not be taken yet (the lesson has not started). */
  attendanceLocked: boolean;
  onStatus: (status: AttendanceStatus) => void;
  onComment: (comment: string) => void;
  onMark: (value: number) => void;
  onMarkChange: (key: string, change: Partial<Pick<DraftMark, 'kind' | 'comment'>>) => void;
  onMarkRemove: (key: string) => void;
}

export function StudentRow({ id, name, status, comment, marks, errors, attendanceLocked, onStatus, onComment, onMark, onMarkChange, onMarkRemove }: Props) {
  const errorId = `journal-student-${id}-errors`;
  const feminine = isFeminineName(name);
  /** A status's words said of this student («опоздала» of a girl). */
  const title = (option: AttendanceStatus) => attendanceWords(ATTENDANCE_TITLES[option], feminine);
  return (
    <li className="journal-student" data-status={status} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? errorId : undefined}>
      <p className="journal-name">
        <strong>{name}</strong>
        {status && status !== 'present' && <small className="journal-status-word">{title(status)}</small>}
      </p>
      <div className="journal-statuses" role="radiogroup" aria-label={`Посещаемость: ${name}`}>
        {ATTENDANCE_STATUSES.map((option) => (
          <label key={option} className="journal-status" data-status={option} title={capital(title(option))}>
            <input
              type="radio"
              className="sr-only"
              name={`status-${id}`}
              value={option}
              checked={status === option}
              disabled={attendanceLocked}
              aria-label={capital(title(option))}
              onChange={() => onStatus(option)}
            />
            <span aria-hidden="true">{ATTENDANCE_SHORT[option]}</span>
          </label>
        ))}
      </div>
      {status && status !== 'present' && (
        <input
          type="text"
          className="journal-comment"
          placeholder={status === 'late' ? `На сколько ${title('late')}` : 'Причина'}
          aria-label={`Комментарий к посещаемости: ${name}`}
          maxLength={500}
          value={comment}
          onChange={(event) => onComment(event.target.value)}
        />
      )}
      <div className="journal-mark-buttons" role="group" aria-label={`Поставить оценку: ${name}`}>
        {MARK_VALUES.map((value) => (
          <button key={value} type="button" className="secondary outline" data-value={value} aria-label={`Поставить ${value}`} onClick={() => onMark(value)}>
            {value}
          </button>
        ))}
      </div>
      {marks.length > 0 && (
        <ul className="journal-marks" aria-label={`Оценки: ${name}`}>
          {marks.map((mark) => (
            <li key={mark.key} className="journal-mark">
              <MarkChip mark={mark} />
              <select disabled={!mark.editable} aria-label={`За что: ${markTitle({ value: mark.value })}`} value={mark.kind} onChange={(event) => onMarkChange(mark.key, { kind: event.target.value as MarkKind })}>
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {MARK_KIND_NAMES[kind]}
                  </option>
                ))}
              </select>
              <input
                type="text"
                placeholder="Комментарий"
                aria-label={`Комментарий к оценке ${mark.value}`}
                maxLength={500}
                disabled={!mark.editable}
                value={mark.comment}
                onChange={(event) => onMarkChange(mark.key, { comment: event.target.value })}
              />
              <button type="button" className="secondary outline journal-mark-remove" aria-label={`Убрать оценку ${mark.value}`} title={mark.editable ? 'Убрать оценку' : 'Срок изменения оценки прошёл'} disabled={!mark.editable} onClick={() => onMarkRemove(mark.key)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {errors && errors.length > 0 && (
        <div id={errorId} className="journal-errors" role="alert">
          {errors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
    </li>
  );
}
