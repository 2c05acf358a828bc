import { describe, expect, it } from 'vitest';
import { aUser } from '../test/user';
import { isActing, seesPerson } from './user';

describe('current user', () => {
  it('knows when a manager is acting as the user', () => {
    expect(isActing(null)).toBe(false);
    expect(isActing({})).toBe(false);
    expect(isActing({ impersonator: { id: 1, full_name: 'Орлова Наталья Игоревна' } })).toBe(true);
  });
});

describe('seesPerson', () => {
  it('lets staff read everyone, anyone else himself and his children', () => {
    expect(seesPerson(aUser(['worker']), 40)).toBe(true);
    expect(seesPerson(aUser(['manager']), 40)).toBe(true);
    expect(seesPerson(aUser(['student']), 7)).toBe(true);
    expect(seesPerson(aUser(['student']), 40)).toBe(false);
    expect(seesPerson(aUser(['parent'], { children_ids: [12] }), 12)).toBe(true);
    expect(seesPerson(aUser(['parent'], { children_ids: [12] }), 13)).toBe(false);
    expect(seesPerson(null, 7)).toBe(false);
  });
});
