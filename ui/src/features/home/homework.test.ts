import { describe, expect, it } from 'vitest';
import { homeworkDue } from './homework';

const lesson = (id: number, startsAt: string, more: Partial<{ subject_id: number; group_id: number | null; student_ids: number[]; homework: string; status: 'planned' | 'done' | 'cancelled' }> = {}) => ({
  id,
  starts_at: startsAt,
  subject_id: 1,
  group_id: 10 as number | null,
  student_ids: [5],
  status: 'done' as const,
  homework: '',
  ...more,
});

describe('homework due at a lesson', () => {
  const tomorrow = lesson(9, '2026-11-25T16:00:00+03:00', { status: 'planned' });

  it('is the homework of the latest earlier lesson of the same group', () => {
    const rows = [
      lesson(1, '2026-11-18T16:00:00+03:00', { homework: '№ 1' }),
      lesson(2, '2026-11-23T16:00:00+03:00', { homework: '№ 2' }),
      lesson(3, '2026-11-24T10:00:00+03:00', { homework: 'другой группы', group_id: 11 }),
      lesson(4, '2026-11-24T12:00:00+03:00', { homework: 'другого предмета', subject_id: 2 }),
      lesson(5, '2026-11-24T13:00:00+03:00', { homework: 'отменено', status: 'cancelled' }),
      tomorrow,
    ];
    expect(homeworkDue(tomorrow, rows)?.id).toBe(2);
  });

  it('for an individual lesson: of the same subject with the same student; nothing when none was set', () => {
    const single = lesson(9, '2026-11-25T16:00:00+03:00', { group_id: null });
    const rows = [lesson(1, '2026-11-24T16:00:00+03:00', { group_id: null, homework: 'эссе' }), lesson(2, '2026-11-24T17:00:00+03:00', { group_id: null, student_ids: [6], homework: 'чужое' })];
    expect(homeworkDue(single, rows)?.homework).toBe('эссе');
    expect(homeworkDue(tomorrow, rows)).toBeUndefined();
  });

  it('is nothing when the lesson just before set none: the older homework was due at that one', () => {
    const rows = [lesson(1, '2026-11-18T16:00:00+03:00', { homework: '№ 1' }), lesson(2, '2026-11-23T16:00:00+03:00'), tomorrow];
    expect(homeworkDue(tomorrow, rows)).toBeUndefined();
  });
});
