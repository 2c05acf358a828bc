import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../lib/teaching';
import { mounted } from '../../test/mounted';
import type { Journal } from './journalForm';
import { JournalView } from './JournalView';

const screen = mounted();

/** A done lesson of students 1, 2 and 3; its journal as the server shows it, with the rows of `shown`. */
const LESSON = { id: 7, topic: 'Дроби', homework: '№ 12', student_ids: [1, 2, 3] } as unknown as Lesson;
const journalOf = (shown: number[]): Journal => ({
  lesson_id: 7,
  lesson_status: 'done',
  starts_at: '2026-11-23T10:00:00+03:00',
  subject_id: 1,
  editable: false,
  version: 'v1',
  topic: 'Дроби',
  homework: '№ 12',
  students: shown.map((id) => ({ id, name: `Ученик ${id}` })),
  records: shown.map((id) => ({ student_id: id, status: 'present', comment: '' })),
  marks: [],
});
const NOTE = /видны его учителю и менеджерам/;

describe("a lesson's journal read only", () => {
  it('tells a teacher of another lesson that the rows of students he does not teach are left out', () => {
    screen.render(<JournalView lesson={LESSON} journal={journalOf([])} staff />);
    expect(screen.host.textContent).toMatch('Посещаемость и оценки учеников этого занятия видны его учителю и менеджерам.');
    screen.render(<JournalView lesson={LESSON} journal={journalOf([2])} staff />);
    expect(screen.host.textContent).toMatch('Ученик 2');
    expect(screen.host.textContent).toMatch('Посещаемость и оценки остальных учеников видны его учителю и менеджерам.');
  });

  it('says nothing of the others to a parent, nor to staff who see every row', () => {
    screen.render(<JournalView lesson={LESSON} journal={journalOf([2])} staff={false} />);
    expect(screen.host.textContent).toMatch('Ученик 2');
    expect(screen.host.textContent).not.toMatch(NOTE);
    screen.render(<JournalView lesson={LESSON} journal={journalOf([1, 2, 3])} staff />);
    expect(screen.host.textContent).not.toMatch(NOTE);
  });
});
