import { describe, expect, it } from 'vitest';
import { upcoming } from './HomeLessons';

const lesson = (id: number, endsAt: string) => ({ id, ends_at: endsAt });

describe("a student's next lessons", () => {
  it('leave out those of today already over, and show five at most', () => {
    const now = Date.parse('2026-11-23T18:00:00+03:00');
    const rows = [
      lesson(1, '2026-11-23T10:00:00+03:00'),
      lesson(2, '2026-11-23T17:59:00+03:00'),
      lesson(3, '2026-11-23T18:30:00+03:00'),
      ...[4, 5, 6, 7, 8].map((id) => lesson(id, `2026-11-2${id}T17:00:00+03:00`)),
    ];
    expect(upcoming(rows, now).map((l) => l.id)).toEqual([3, 4, 5, 6, 7]);
  });
});
