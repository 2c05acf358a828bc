//! The group journal's grid as data: students (rows) against lessons (columns), a cell's
//! attendance and marks, what a key does in the grid (arrows move, 1–5 give a mark, Delete
//! removes the last one) and the dates of the columns.
import type { Ok } from '../api/types';
import { markOfKey } from './journal';
import { schoolDay } from './timetable';

/** `GET /api/group-lessons/{id}/journal` -> `data`. */
export type GroupJournal = Ok<'group_lessons_journal'>['data'];

/** One student at one lesson: his attendance and marks (sent only when something is recorded). */
export type JournalCell = GroupJournal['cells'][number];

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
export const cellIndex = (journal: GroupJournal): ReadonlyMap<string, JournalCell> =>
  new Map(journal.cells.map((cell) => [cellKey(cell.student_id, cell.lesson_id), cell]));

/** A lesson's column heading: «12.11». */
export function columnDate(startsAt: string): string {
  const [, month, day] = schoolDay(startsAt).split('-');
  return `${day}.${month}`;
}

/** The journal's lessons in time order (a grid reads left to right). */
export const lessonsInOrder = (journal: GroupJournal) => [...journal.lessons].sort((a, b) => a.starts_at.localeCompare(b.starts_at));

/** The position of the last cell if `at` fell outside a grid that shrank (another period). */
export const within = (at: Position, rows: number, cols: number): Position => ({ row: clamp(at.row, rows - 1), col: clamp(at.col, cols - 1) });
