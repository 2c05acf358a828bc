import { describe, expect, it } from 'vitest';
import { addPerson, candidates, removePerson } from './picker';

const p = (id: number) => ({ id, full_name: `Человек ${id}` });

describe('people picker', () => {
  it('adds a person once, at the end, and takes one off', () => {
    const chosen = addPerson(addPerson([p(1)], p(2)), p(1));
    expect(chosen.map((x) => x.id)).toEqual([1, 2]);
    expect(removePerson(chosen, 1).map((x) => x.id)).toEqual([2]);
  });

  it('offers neither the user himself nor anyone already chosen', () => {
    expect(candidates([p(1), p(2), p(3), p(4)], [p(2)], 3).map((x) => x.id)).toEqual([1, 4]);
  });
});
