import { describe, expect, it } from 'vitest';
import { changedFields } from './changes';

describe('changedFields', () => {
  it('keeps only what the form changed, so a status moved meanwhile is not sent back', () => {
    const before = { title: 'Позвонить', status: 'todo', due_time: null as string | null, related_user_id: 7 as number | null };
    expect(changedFields(before, { ...before, title: 'Позвонить маме' })).toEqual({ title: 'Позвонить маме' });
    expect(changedFields(before, { ...before })).toEqual({});
  });

  it('sends a field cleared as null, and treats a missing value like null', () => {
    const before = { due_time: '14:30' as string | null, related_user_id: undefined as number | null | undefined };
    expect(changedFields(before, { due_time: null, related_user_id: null })).toEqual({ due_time: null });
  });
});
