import { describe, expect, it } from 'vitest';
import { unfilledQuery } from './TeacherDay';

describe("a teacher's lessons left unfilled", () => {
  it('asks the server for exactly the planned lessons over by now of the week before today', () => {
    expect(unfilledQuery(5, '2026-11-30')).toEqual({ teacher_id: 5, status: 'planned', over: 'true', from: '2026-11-24', to: '2026-11-29', per_page: 100 });
  });
});
