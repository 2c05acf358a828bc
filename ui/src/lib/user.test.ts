import { describe, expect, it } from 'vitest';
import { isActing } from './user';

describe('current user', () => {
  it('knows when a manager is acting as the user', () => {
    expect(isActing(null)).toBe(false);
    expect(isActing({})).toBe(false);
    expect(isActing({ impersonator: { id: 1, full_name: 'Орлова Наталья Игоревна' } })).toBe(true);
  });
});
