//! A group's journal for a period (`GET /api/group-lessons/{id}/journal`): students against
//! lesson dates with attendance letters and marks, the weighted average and the term mark; the
//! first column stays in place while the dates scroll sideways inside the grid. Where the viewer
//! may give marks the grid is a keyboard grid: arrows move, 1–5 give a lesson mark, Delete or
//! Backspace removes the cell's last mark after a confirmation; the averages follow.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { generatePath, Link } from 'react-router';
import type { Body, Ok } from '../api/types';
import { api, ApiError } from '../lib/api/client';
import { formatDate, shortName } from '../lib/format';
import { ATTENDANCE_LEGEND, ATTENDANCE_TITLES, attendanceLetter, formatAverage } from '../lib/journal';
import { cellIndex, cellKey, columnDate, keyAction, lessonsInOrder, within, type GroupJournal, type Position } from '../lib/journalGrid';
import { endpoints, paths } from '../paths';
import { confirm } from './ConfirmDialog';
import { MarkChips, markTitle } from './MarkChip';
import './JournalGrid.css';

interface Props {
  groupId: number;
  from: string;
  to: string;
  /** Whether the viewer gives marks in this group (the server decides in the end). */
  editable: boolean;
}

const journalUrl = (groupId: number) => `${endpoints.groups}/${groupId}/journal`;

/** The group's journal for the period, loaded again on `reload` (the grid keeps showing the old one meanwhile). */
function useGroupJournal(groupId: number, from: string, to: string) {
  const [journal, setJournal] = useState<GroupJournal | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    api<Ok<'group_lessons_journal'>>(journalUrl(groupId), { query: { from, to }, signal: controller.signal }).then(
      ({ data }) => setJournal(data),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [groupId, from, to, round]);
  useEffect(() => setJournal(null), [groupId, from, to]);
  return { journal, failed, reload: () => setRound((n) => n + 1) };
}

/** The server's words for a refused change (a 422's field messages, or its message). */
function refusal(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Не удалось сохранить оценку.';
  if (error.status === 403) return 'Вы не можете менять оценки этой группы.';
  if (error.status === 422) return Object.values(error.fieldErrors).join(' ') || error.body.message || 'Оценку не приняли.';
  if (error.status === 404) return 'Оценки или занятия уже нет: журнал обновлён.';
  return 'Не удалось сохранить оценку: повторите попытку.';
}

export function JournalGrid({ groupId, from, to, editable }: Props) {
  const { journal, failed, reload } = useGroupJournal(groupId, from, to);
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
    return (
      <div className="empty-state">
        <p>Не удалось загрузить журнал.</p>
        <button type="button" className="secondary outline" onClick={reload}>
          Повторить
        </button>
      </div>
    );
  }
  const students = journal.students;
  const lessons = lessonsInOrder(journal);
  if (students.length === 0) return <div className="empty-state">В группе нет учеников.</div>;
  if (lessons.length === 0) return <div className="empty-state">С {formatDate(from)} по {formatDate(to)} занятий у группы нет.</div>;

  const cells = cellIndex(journal);
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
        <p className="muted journal-hint" id={`journal-hint-${groupId}`}>
          Выберите клетку стрелками или мышью и наберите оценку 1–5; Delete — убрать последнюю оценку.
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
          aria-label="Журнал группы"
          aria-describedby={editable ? `journal-hint-${groupId}` : undefined}
          onKeyDown={(event) => void act(event)}
        >
          <thead>
            <tr>
              <th scope="col" className="journal-student">
                Ученик
              </th>
              {lessons.map((lesson) => (
                <th
                  key={lesson.id}
                  scope="col"
                  className="journal-date"
                  data-status={lesson.status}
                  title={[formatDate(lesson.starts_at), lesson.topic, lesson.status === 'cancelled' ? 'отменено' : ''].filter(Boolean).join(' · ')}
                >
                  <Link to={generatePath(paths.lesson, { id: String(lesson.id) })}>{columnDate(lesson.starts_at)}</Link>
                </th>
              ))}
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
              return (
                <tr key={student.id}>
                  <th scope="row" className="journal-student" title={student.name}>
                    {shortName(student.name)}
                  </th>
                  {lessons.map((lesson, col) => {
                    const cell = cells.get(cellKey(student.id, lesson.id));
                    const letter = attendanceLetter(cell?.status);
                    const marks = cell?.marks ?? [];
                    const words = [
                      cell?.status && cell.status !== 'present' ? ATTENDANCE_TITLES[cell.status] : '',
                      marks.length ? `оценки ${marks.map((mark) => mark.value).join(', ')}` : '',
                    ].filter(Boolean);
                    return (
                      <td
                        key={lesson.id}
                        role="gridcell"
                        data-row={row}
                        data-col={col}
                        data-status={lesson.status}
                        tabIndex={row === at.row && col === at.col ? 0 : -1}
                        aria-label={`${student.name}, ${columnDate(lesson.starts_at)}: ${words.join('; ') || 'пусто'}`}
                        onFocus={() => setFocus({ row, col })}
                      >
                        {letter && (
                          <abbr className="journal-letter" data-attendance={cell?.status} title={ATTENDANCE_TITLES[cell!.status!]}>
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
        {ATTENDANCE_LEGEND.map(({ letter, text }) => (
          <li key={letter}>
            <abbr className="journal-letter">{letter}</abbr> — {text}
          </li>
        ))}
        <li>пусто — присутствовал</li>
      </ul>
    </div>
  );
}
