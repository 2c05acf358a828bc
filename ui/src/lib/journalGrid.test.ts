import { describe, expect, it } from 'vitest';
import { cellIndex, cellKey, columnDate, columnGroup, journalUrl, keyAction, lessonsInOrder, seated, within, type GroupJournal, type SubjectJournal } from './journalGrid';

describe('the journal grid', () => {
  const at = { row: 1, col: 1 };

  it('moves one cell with the arrows and stops at the edges', () => {
    expect(keyAction('ArrowRight', at, 3, 3)).toEqual({ kind: 'move', to: { row: 1, col: 2 } });
    expect(keyAction('ArrowLeft', at, 3, 3)).toEqual({ kind: 'move', to: { row: 1, col: 0 } });
    expect(keyAction('ArrowUp', at, 3, 3)).toEqual({ kind: 'move', to: { row: 0, col: 1 } });
    expect(keyAction('ArrowDown', at, 3, 3)).toEqual({ kind: 'move', to: { row: 2, col: 1 } });
    expect(keyAction('ArrowDown', { row: 2, col: 0 }, 3, 3)).toEqual({ kind: 'move', to: { row: 2, col: 0 } });
    expect(keyAction('ArrowLeft', { row: 0, col: 0 }, 3, 3)).toEqual({ kind: 'move', to: { row: 0, col: 0 } });
    expect(keyAction('End', at, 3, 5)).toEqual({ kind: 'move', to: { row: 1, col: 4 } });
    expect(keyAction('Home', at, 3, 5)).toEqual({ kind: 'move', to: { row: 1, col: 0 } });
  });

  it('gives a mark for 1–5, removes the last for Delete and Backspace, ignores the rest', () => {
    expect(keyAction('4', at, 3, 3)).toEqual({ kind: 'add', value: 4 });
    expect(keyAction('1', at, 3, 3)).toEqual({ kind: 'add', value: 1 });
    expect(keyAction('Delete', at, 3, 3)).toEqual({ kind: 'remove' });
    expect(keyAction('Backspace', at, 3, 3)).toEqual({ kind: 'remove' });
    expect(keyAction('6', at, 3, 3)).toBeNull();
    expect(keyAction('0', at, 3, 3)).toBeNull();
    expect(keyAction('x', at, 3, 3)).toBeNull();
    expect(keyAction('Tab', at, 3, 3)).toBeNull();
  });

  it('keeps the focus inside a grid that shrank', () => {
    expect(within({ row: 5, col: 9 }, 3, 4)).toEqual({ row: 2, col: 3 });
    expect(within({ row: 1, col: 1 }, 3, 4)).toEqual({ row: 1, col: 1 });
  });

  it('heads a column with the lesson day on the school clock and orders lessons by time', () => {
    expect(columnDate('2026-11-12T16:00:00+03:00')).toBe('12.11');
    const journal: GroupJournal = {
      group_id: 3,
      group_name: 'Русский язык 9',
      subject_id: 5,
      subject_name: 'Русский язык',
      period: { name: null, from: '2026-11-01', to: '2026-11-30' },
      students: [],
      lessons: [
        { id: 2, starts_at: '2026-11-19T16:00:00+03:00', status: 'done', topic: '', group_id: 3, student_ids: [7] },
        { id: 1, starts_at: '2026-11-12T16:00:00+03:00', status: 'done', topic: '', group_id: 3, student_ids: [7] },
      ],
      cells: [{ student_id: 7, lesson_id: 1, status: 'late', marks: [{ id: 3, value: 4, kind: 'lesson', weight: 1 }] }],
      averages: [],
    };
    expect(lessonsInOrder(journal).map((lesson) => lesson.id)).toEqual([1, 2]);
    expect(cellIndex(journal).get(cellKey(7, 1))?.status).toBe('late');
    expect(cellIndex(journal).get(cellKey(7, 2))).toBeUndefined();
    expect(columnGroup(journal, journal.lessons[0]!)).toBe('');
  });

  it("reads a group's or a subject's journal, and names a subject's columns by their group", () => {
    expect(journalUrl({ kind: 'group', id: 3 })).toBe('/api/group-lessons/3/journal');
    expect(journalUrl({ kind: 'subject', id: 5 })).toBe('/api/subjects/5/journal');
    const lesson = (id: number, group: number | null, students: number[]) => ({
      id,
      starts_at: '2026-11-12T16:00:00+03:00',
      status: 'done' as const,
      topic: '',
      group_id: group,
      student_ids: students,
    });
    const journal: SubjectJournal = {
      groups: [{ id: 3, name: '9А' }],
      subject_id: 5,
      subject_name: 'Русский язык',
      period: { name: null, from: '2026-11-01', to: '2026-11-30' },
      students: [],
      lessons: [lesson(1, 3, [7, 8]), lesson(2, null, [8]), lesson(3, 4, [9])],
      cells: [],
      averages: [],
    };
    expect(journal.lessons.map((l) => columnGroup(journal, l))).toEqual(['9А', 'инд.', '']);
    expect(seated(journal.lessons[1]!, 8)).toBe(true);
    expect(seated(journal.lessons[1]!, 7)).toBe(false);
  });
});
