import { describe, expect, it } from 'vitest';
import { allPresent, bodyOf, changedMark, draftOf, isDirty, marksOf, placeErrors, rebased, tally, withComment, withMark, withoutMark, withStatus, withText, type Journal } from './journalForm';

const students = (...ids: number[]) => ids.map((id) => ({ id, name: `Ученик ${id}` }));
const LESSON = { lesson_id: 7, lesson_status: 'planned' as const, starts_at: '2026-11-23T10:00:00+03:00', subject_id: 1, editable: true, version: 'v1' };
const journalOf = (ids: number[]): Journal => ({ ...LESSON, topic: '', homework: '', students: students(...ids), records: [], marks: [] });
const SAVED: Journal = {
  ...LESSON,
  topic: 'Дроби',
  homework: '',
  students: students(1, 2),
  records: [{ student_id: 1, status: 'present', comment: '' }, { student_id: 9, status: 'excused', comment: 'справка' }],
  marks: [{ id: 40, student_id: 1, value: 4, kind: 'homework', weight: 1, comment: '', editable: true }],
};

describe("a lesson's journal form", () => {
  it('starts with nobody marked; «Все присутствуют» marks every student present', () => {
    const draft = draftOf(journalOf([1, 2, 3]));
    expect(tally(draft).marked).toBe(0);
    expect(bodyOf(draft).records).toEqual([]);
    const all = allPresent(draft);
    expect(tally(all)).toEqual({ marked: 3, present: 3, late: 0, excused: 0, unexcused: 0 });
    expect(bodyOf(all).records.map((r) => [r.student_id, r.status])).toEqual([[1, 'present'], [2, 'present'], [3, 'present']]);
  });

  it('changes one student with one tap, keeps a comment, and sends only those marked', () => {
    let draft = allPresent(draftOf(journalOf([1, 2, 3])));
    draft = withStatus(draft, 2, 'late');
    draft = withStatus(draft, 3, 'unexcused');
    draft = withComment(draft, 2, ' на 10 минут ');
    expect(bodyOf(draft).records).toEqual([
      { student_id: 1, status: 'present', comment: '' },
      { student_id: 2, status: 'late', comment: 'на 10 минут' },
      { student_id: 3, status: 'unexcused', comment: '' },
    ]);
    // A student tapped before «all present» is marked too; the rest are not sent.
    expect(bodyOf(withStatus(draftOf(journalOf([1, 2])), 2, 'excused')).records).toEqual([{ student_id: 2, status: 'excused', comment: '' }]);
  });

  it('gives several marks per student, with a kind and a comment, and takes one away', () => {
    let draft = draftOf(journalOf([1, 2]));
    draft = withMark(draft, 1, 5);
    draft = withMark(draft, 1, 3);
    draft = withMark(draft, 2, 4);
    const [five, three] = marksOf(draft, 1);
    draft = changedMark(draft, three!.key, { kind: 'test', comment: ' контрольная ' });
    expect(bodyOf(draft).marks).toEqual([
      { student_id: 1, value: 5, kind: 'lesson', comment: '' },
      { student_id: 1, value: 3, kind: 'test', comment: 'контрольная' },
      { student_id: 2, value: 4, kind: 'lesson', comment: '' },
    ]);
    draft = withoutMark(draft, five!.key);
    expect(bodyOf(draft).marks.map((m) => m.value)).toEqual([3, 4]);
  });

  it('sends a saved mark with its id and weight; removing it leaves it out of the body', () => {
    const draft = draftOf(SAVED);
    // The excused student who has left the lesson keeps his record.
    expect(draft.students).toEqual([1, 2, 9]);
    expect(draft.names[2]).toBe('Ученик 2');
    expect(bodyOf(draft)).toEqual({
      topic: 'Дроби',
      homework: '',
      records: [{ student_id: 1, status: 'present', comment: '' }, { student_id: 9, status: 'excused', comment: 'справка' }],
      marks: [{ id: 40, student_id: 1, value: 4, kind: 'homework', weight: 1, comment: '' }],
    });
    const saved = marksOf(draft, 1)[0]!;
    expect(bodyOf(changedMark(draft, saved.key, { kind: 'test' })).marks).toEqual([{ id: 40, student_id: 1, value: 4, kind: 'test', comment: '' }]);
    expect(bodyOf(withoutMark(draft, saved.key)).marks).toEqual([]);
  });

  it('knows when something is unsaved', () => {
    const saved = draftOf(SAVED);
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty(withText(saved, 'homework', '№ 12'), saved)).toBe(true);
    expect(isDirty(withText(saved, 'topic', 'Дроби '), saved)).toBe(false);
    expect(isDirty(withStatus(saved, 2, 'late'), saved)).toBe(true);
    expect(isDirty(withMark(saved, 2, 5), saved)).toBe(true);
  });

  it("places the server's messages beside the student they are about", () => {
    let draft = allPresent(draftOf(journalOf([1, 2, 3])));
    draft = withMark(withMark(draft, 3, 5), 2, 3);
    const sent = bodyOf(draft);
    const placed = placeErrors(
      {
        'records[1].status': ['Занятие ещё не началось'],
        'marks.1.value': ['Оценка от 1 до 5'],
        homework: ['Не длиннее 2000 символов'],
        lesson: ['Журнал этого занятия ведёт другой учитель'],
      },
      sent,
    );
    expect(placed.students).toEqual({ 2: ['Занятие ещё не началось', 'Оценка от 1 до 5'] });
    expect(placed.homework).toBe('Не длиннее 2000 символов');
    expect(placed.other).toEqual(['Журнал этого занятия ведёт другой учитель']);
  });

  it('carries what was entered onto the journal as someone else saved it meanwhile, losing neither side', () => {
    const base = draftOf(SAVED);
    const mark = base.marks[0]!;
    let mine = withStatus(base, 2, 'late');
    mine = withMark(mine, 2, 5);
    mine = withText(mine, 'homework', '№ 12');
    mine = changedMark(mine, mark.key, { value: 5 });
    const theirs = draftOf({
      ...SAVED,
      topic: 'Дроби, повторение',
      records: [{ student_id: 1, status: 'unexcused', comment: 'ушёл' }, { student_id: 2, status: 'present', comment: '' }],
      marks: [...SAVED.marks, { id: 41, student_id: 1, value: 2, kind: 'test', weight: 2, comment: '', editable: true }],
    });
    const merged = bodyOf(rebased(base, mine, theirs));
    // His tap on student 2 and his homework win; the other's status of student 1 and topic stand.
    expect(merged.records).toEqual([
      { student_id: 1, status: 'unexcused', comment: 'ушёл' },
      { student_id: 2, status: 'late', comment: '' },
    ]);
    expect([merged.topic, merged.homework]).toEqual(['Дроби, повторение', '№ 12']);
    // The mark he changed is changed, the one given meanwhile kept, his new one added.
    expect(merged.marks.map((m) => [m.id ?? null, m.student_id, m.value])).toEqual([[40, 1, 5], [41, 1, 2], [null, 2, 5]]);
    // A mark he took away goes; one taken away meanwhile stays away.
    expect(rebased(base, withoutMark(base, mark.key), theirs).marks.map((m) => m.id)).toEqual([41]);
    expect(rebased(base, base, draftOf({ ...SAVED, marks: [] })).marks).toEqual([]);
  });
});
