//! A journal grid as data (a group's or a subject's): students (rows) against lessons
//! (columns), a cell's attendance and marks, who was taught at a lesson, what a key does in the
//! grid (arrows move, 1–5 give a mark, Delete removes the last one) and the columns' headings.
import type { Ok } from '../api/types';
import { endpoints } from '../paths';
import { markOfKey } from './journal';
import { schoolDay } from './timetable';

/** `GET /api/group-lessons/{id}/journal` -> `data`. */
export type GroupJournal = Ok<'group_lessons_journal'>['data'];

/** `GET /api/subjects/{id}/journal` -> `data`. */
export type SubjectJournal = Ok<'subjects_journal'>['data'];

/** Either journal: both carry the same grid. */
export type Journal = GroupJournal | SubjectJournal;

/** Whose journal a grid shows. */
export interface JournalSource {
  readonly kind: 'group' | 'subject';
  readonly id: number;
}

/** Where `source`'s journal is read. */
export const journalUrl = (source: JournalSource) => `${source.kind === 'group' ? endpoints.groups : endpoints.subjects}/${source.id}/journal`;

/** One student at one lesson: his attendance and marks (sent only when something is recorded). */
export type JournalCell = Journal['cells'][number];

/** A lesson of the grid (a column). */
export type JournalLesson = Journal['lessons'][number];

/** Whether `studentId` was taught at `lesson` (a student who joined the group later was not). */
export const seated = (lesson: JournalLesson, studentId: number) => lesson.student_ids.includes(studentId);

/** What a subject's column says under its date: the lesson's group, «инд.» for an individual
 * lesson; nothing in a group's own journal. */
export function columnGroup(journal: Journal, lesson: JournalLesson): string {
  if (!('groups' in journal)) return '';
  if (lesson.group_id === null || lesson.group_id === undefined) return 'инд.';
  return journal.groups.find((group) => group.id === lesson.group_id)?.name ?? '';
}

/** A cell of the grid: a student's row and a lesson's column, both from 0. */
export interface Position {
  readonly row: number;
  readonly col: number;
}

/** What a key pressed on a cell asks for. */
export type GridAction = { kind: 'move'; to: Position } | { kind: 'add'; value: number } | { kind: 'remove' };

const clamp = (value: number, last: number) => Math.max(0, Math.min(last, value));

/**
 * What `key` does at `at` in a grid of `rows` × `cols`: arrows move one cell (stopping at the
 * edges), Home and End go to the row's first and last lesson, 1–5 give that mark, Delete and
 * Backspace remove the cell's last mark; anything else nothing (null).
 */
export function keyAction(key: string, at: Position, rows: number, cols: number): GridAction | null {
  const to = (row: number, col: number): GridAction => ({ kind: 'move', to: { row: clamp(row, rows - 1), col: clamp(col, cols - 1) } });
  switch (key) {
    case 'ArrowUp':
      return to(at.row - 1, at.col);
    case 'ArrowDown':
      return to(at.row + 1, at.col);
    case 'ArrowLeft':
      return to(at.row, at.col - 1);
    case 'ArrowRight':
      return to(at.row, at.col + 1);
    case 'Home':
      return to(at.row, 0);
    case 'End':
      return to(at.row, cols - 1);
    case 'Delete':
    case 'Backspace':
      return { kind: 'remove' };
    default: {
      const value = markOfKey(key);
      return value === null ? null : { kind: 'add', value };
    }
  }
}

/** The key of a cell in `cellIndex`. */
export const cellKey = (studentId: number, lessonId: number) => `${studentId}:${lessonId}`;

/** The journal's cells by (student, lesson). */
export const cellIndex = (journal: Journal): ReadonlyMap<string, JournalCell> =>
  new Map(journal.cells.map((cell) => [cellKey(cell.student_id, cell.lesson_id), cell]));

/** A lesson's column heading: «12.11». */
export function columnDate(startsAt: string): string {
  const [, month, day] = schoolDay(startsAt).split('-');
  return `${day}.${month}`;
}

/** The journal's lessons in time order (a grid reads left to right). */
export const lessonsInOrder = (journal: Journal) => [...journal.lessons].sort((a, b) => a.starts_at.localeCompare(b.starts_at));

/** The position of the last cell if `at` fell outside a grid that shrank (another period). */
export const within = (at: Position, rows: number, cols: number): Position => ({ row: clamp(at.row, rows - 1), col: clamp(at.col, cols - 1) });
