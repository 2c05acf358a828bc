//! A journal for a period, a group's (`GET /api/group-lessons/{id}/journal`) or a subject's
//! (`GET /api/subjects/{id}/journal`, each date with its group): students against lesson dates
//! with attendance letters and marks, the weighted average and the term mark; the first column
//! stays in place while the dates scroll sideways inside the grid, and a student not taught at
//! a lesson has a blank, shaded cell there. Where the viewer may give marks the grid is a
//! keyboard grid: arrows move, 1–5 give a lesson mark, Delete or Backspace removes the cell's
//! last mark after a confirmation; the averages follow.
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { generatePath, Link } from 'react-router';
import type { Body } from '../api/types';
import { api, ApiError } from '../lib/api/client';
import { formatDate, shortName } from '../lib/format';
import { ATTENDANCE_LEGEND, ATTENDANCE_TITLES, attendanceLetter, attendanceWords, formatAverage, isFeminineName } from '../lib/journal';
import { cellIndex, cellKey, columnDate, columnGroup, keyAction, lessonsInOrder, seated, within, type JournalSource, type Position } from '../lib/journalGrid';
import { useJournal } from '../lib/useJournal';
import { endpoints, paths } from '../paths';
import { confirm } from './ConfirmDialog';
import { LoadFailure } from './LoadFailure';
import { MarkChips, markTitle } from './MarkChip';
import './JournalGrid.css';

interface Props {
  /** Whose journal: a group's, or a subject's (every group's and the individual lessons). */
  source: JournalSource;
  from: string;
  to: string;
  /** Whether the viewer gives marks here (the server decides in the end). */
  editable: boolean;
}

/** Whether a server message is written for people (Russian), not a generic English status text. */
const russian = (text: string | undefined): text is string => Boolean(text && /[а-яё]/i.test(text));

/** The server's words for a refused change (a 422's field messages, a refusal's reason). */
export function refusal(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Не удалось сохранить оценку.';
  const said = error.body.message;
  if (error.status === 403) return russian(said) ? said : 'Вы не можете менять оценки этой группы.';
  if (error.status === 422) return Object.values(error.fieldErrors).join(' ') || (russian(said) ? said : 'Оценку не приняли.');
  if (error.status === 404) return 'Оценки или занятия уже нет: журнал обновлён.';
  return 'Не удалось сохранить оценку: повторите попытку.';
}

export function JournalGrid({ source, from, to, editable }: Props) {
  const { journal, failed, reload } = useJournal(source, from, to);
  const ofGroup = source.kind === 'group';
  const [focus, setFocus] = useState<Position>({ row: 0, col: 0 });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const table = useRef<HTMLTableElement>(null);

  const focusCell = useCallback((at: Position) => {
    setFocus(at);
    table.current?.querySelector<HTMLElement>(`[data-row="${at.row}"][data-col="${at.col}"]`)?.focus();
  }, []);

  if (!journal) {
    if (!failed) return <p aria-busy="true">Загружаем журнал…</p>;
    return <LoadFailure what="журнал" onRetry={reload} />;
  }
  const students = journal.students;
  const lessons = lessonsInOrder(journal);
  if (students.length === 0) return <div className="empty-state">{ofGroup ? 'В группе нет учеников.' : `С ${formatDate(from)} по ${formatDate(to)} по предмету нет ни занятий, ни групп с учениками.`}</div>;
  if (lessons.length === 0)
    return (
      <div className="empty-state">
        С {formatDate(from)} по {formatDate(to)} занятий {ofGroup ? 'у группы' : 'по предмету'} нет.
      </div>
    );

  const cells = cellIndex(journal);
  const hintId = `journal-hint-${source.kind}-${source.id}`;
  const averages = new Map(journal.averages.map((row) => [row.student_id, row]));
  const at = within(focus, students.length, lessons.length);

  const act = async (event: KeyboardEvent<HTMLTableElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!target || event.altKey || event.ctrlKey || event.metaKey) return;
    const here = { row: Number(target.dataset.row), col: Number(target.dataset.col) };
    const action = keyAction(event.key, here, students.length, lessons.length);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move') return focusCell(action.to);
    const student = students[here.row]!;
    const lesson = lessons[here.col]!;
    if (!editable || busy) return;
    if (lesson.status === 'cancelled') return setProblem('Занятие отменено: оценки за него не ставят.');
    if (action.kind === 'add' && !seated(lesson, student.id)) return setProblem(`Ученик не записан на урок ${columnDate(lesson.starts_at)}.`);
    const cell = cells.get(cellKey(student.id, lesson.id));
    setProblem(undefined);
    setBusy(true);
    try {
      if (action.kind === 'add') {
        await api(endpoints.marks, {
          method: 'POST',
          body: { student_id: student.id, subject_id: journal.subject_id, lesson_id: lesson.id, value: action.value, kind: 'lesson', comment: '' } satisfies Body<'marks_create'>,
          ownFailure: (status) => status === 422 || status === 403 || status === 404,
        });
      } else {
        const last = cell?.marks[cell.marks.length - 1];
        if (!last) return;
        const sure = await confirm({
          title: 'Удалить оценку?',
          message: `${markTitle(last)} у ученика ${student.name} за ${columnDate(lesson.starts_at)} будет удалена.`,
          action: 'Удалить',
          danger: true,
        });
        if (!sure) return;
        await api(`${endpoints.marks}/${last.id}`, { method: 'DELETE', ownFailure: (status) => status === 422 || status === 403 || status === 404 });
      }
      reload();
    } catch (error) {
      setProblem(refusal(error));
      if (error instanceof ApiError && error.status === 404) reload();
    } finally {
      setBusy(false);
      focusCell(here);
    }
  };

  return (
    <div className="journal">
      {editable && (
        <p className="muted journal-hint" id={hintId}>
          <span className="journal-hint-keys">Выберите клетку стрелками или мышью и наберите оценку 1–5; Delete — убрать последнюю оценку.</span>
          <span className="journal-hint-touch">Чтобы поставить оценки с телефона, откройте занятие: нажмите на его дату.</span>
        </p>
      )}
      {problem && (
        <p className="form-error journal-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="journal-scroll" aria-busy={busy}>
        <table
          ref={table}
          className="journal-grid"
          role="grid"
          aria-label={ofGroup ? 'Журнал группы' : 'Журнал по предмету'}
          aria-describedby={editable ? hintId : undefined}
          onKeyDown={(event) => void act(event)}
        >
          <thead>
            <tr>
              <th scope="col" className="journal-student">
                Ученик
              </th>
              {lessons.map((lesson) => {
                const group = columnGroup(journal, lesson);
                return (
                  <th
                    key={lesson.id}
                    scope="col"
                    className="journal-date"
                    data-status={lesson.status}
                    title={[formatDate(lesson.starts_at), group, lesson.topic, lesson.status === 'cancelled' ? 'отменено' : ''].filter(Boolean).join(' · ')}
                  >
                    <Link to={generatePath(paths.lesson, { id: String(lesson.id) })}>{columnDate(lesson.starts_at)}</Link>
                    {group && <small className="journal-date-group">{group}</small>}
                  </th>
                );
              })}
              <th scope="col" className="journal-average" title="Средний балл (взвешенный)">
                Средний
              </th>
              <th scope="col" className="journal-average" title="Оценка за период">
                Итог
              </th>
            </tr>
          </thead>
          <tbody>
            {students.map((student, row) => {
              const average = averages.get(student.id);
              const feminine = isFeminineName(student.name);
              return (
                <tr key={student.id}>
                  <th scope="row" className="journal-student" title={student.name}>
                    {shortName(student.name)}
                  </th>
                  {lessons.map((lesson, col) => {
                    const cell = cells.get(cellKey(student.id, lesson.id));
                    const letter = attendanceLetter(cell?.status);
                    const said = cell?.status && cell.status !== 'present' ? attendanceWords(ATTENDANCE_TITLES[cell.status], feminine) : '';
                    const marks = cell?.marks ?? [];
                    const away = !cell && !seated(lesson, student.id);
                    const words = [
                      away ? `не записан${feminine ? 'а' : ''} на урок` : '',
                      said,
                      marks.length ? `оценки ${marks.map((mark) => mark.value).join(', ')}` : '',
                    ].filter(Boolean);
                    return (
                      <td
                        key={lesson.id}
                        role="gridcell"
                        data-row={row}
                        data-col={col}
                        data-status={lesson.status}
                        data-away={away || undefined}
                        tabIndex={row === at.row && col === at.col ? 0 : -1}
                        aria-label={`${student.name}, ${columnDate(lesson.starts_at)}: ${words.join('; ') || 'пусто'}`}
                        onFocus={() => setFocus({ row, col })}
                      >
                        {letter && (
                          <abbr className="journal-letter" data-attendance={cell?.status} title={said}>
                            {letter}
                          </abbr>
                        )}
                        <MarkChips marks={marks} />
                      </td>
                    );
                  })}
                  <td className="journal-average">{formatAverage(average?.average)}</td>
                  <td className="journal-average">{average?.term_mark ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className="journal-legend" aria-label="Обозначения">
        {ATTENDANCE_LEGEND.map(({ status, letter, text }) => (
          <li key={letter}>
            <span className="journal-letter" data-attendance={status}>
              {letter}
            </span>{' '}
            — {text}
          </li>
        ))}
        <li>пусто — присутствие</li>
        <li>
          <span className="journal-away-sample" aria-hidden="true" /> — не записан на урок
        </li>
        <li>подчёркнута — оценка за контрольную</li>
      </ul>
    </div>
  );
}
