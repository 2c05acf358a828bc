import { describe, expect, it } from 'vitest';
import { mounted } from '../../test/mounted';
import { AttendanceTally } from './AttendanceTally';
import { allPresent, draftOf, withStatus, type Draft, type Journal } from './journalForm';

const screen = mounted();

const JOURNAL: Journal = {
  lesson_id: 7,
  lesson_status: 'done',
  starts_at: '2026-11-23T10:00:00+03:00',
  subject_id: 1,
  editable: true,
  version: 'v1',
  topic: '',
  homework: '',
  students: [
    { id: 1, name: 'Белов Иван Викторович' },
    { id: 2, name: 'Иванова Дарья Дмитриевна' },
    { id: 3, name: 'Смирнов Олег Петрович' },
  ],
  records: [],
  marks: [],
};

/** The tally's text for the journal with these statuses changed from «all present». */
function tallyOf(...changes: [number, 'late' | 'excused' | 'unexcused'][]) {
  const draft = changes.reduce((d: Draft, [id, status]) => withStatus(d, id, status), allPresent(draftOf(JOURNAL)));
  screen.render(<AttendanceTally draft={draft} />);
  return screen.host.textContent;
}

describe("a lesson's attendance tally", () => {
  it('counts people in words agreeing with the count', () => {
    expect(tallyOf([1, 'late'], [3, 'late'])).toBe('Отмечено 3 из 3 · опоздали: 2');
    expect(tallyOf([1, 'late'], [2, 'unexcused'], [3, 'unexcused'])).toBe('Отмечено 3 из 3 · опоздал: 1 · отсутствовали без уважительной причины: 2');
  });

  it('says a count of one girl in the feminine', () => {
    expect(tallyOf([2, 'late'], [3, 'excused'])).toBe('Отмечено 3 из 3 · опоздала: 1 · отсутствовал по уважительной причине: 1');
  });
});
