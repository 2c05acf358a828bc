import { describe, expect, it } from 'vitest';
import type { UserView } from '../../lib/person';
import { createBody, emptyPerson, updateBody } from './userForm';

const mum = { id: 7, full_name: 'Соколова Марина' } as UserView;

describe('the person form bodies', () => {
  it('sends a new student with the ids of the parents picked', () => {
    const body = createBody({ ...emptyPerson, roles: ['student'], parents: [mum] });
    expect(body.parents).toEqual([7]);
  });

  it('sends no parents for someone who is not a student', () => {
    expect(createBody({ ...emptyPerson, roles: ['worker'], parents: [mum] }).parents).toEqual([]);
  });

  it('leaves roles, tags and parents out of an edit', () => {
    expect(Object.keys(updateBody({ ...emptyPerson, parents: [mum] })).sort()).toEqual(
      ['birth_date', 'email', 'first_name', 'last_name', 'middle_name', 'notes', 'phone'],
    );
  });
});
