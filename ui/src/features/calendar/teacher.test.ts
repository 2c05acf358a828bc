import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/user';
import { ownTeacher, teacherOf, teacherParam, WHOLE_SCHOOL } from './teacher';

const teacher = { id: 7, roles: ['worker'] as Role[] };
const manager = { id: 1, roles: ['manager'] as Role[] };
const both = { id: 2, roles: ['manager', 'worker'] as Role[] };

describe('the calendar’s teacher filter', () => {
  it('opens a teacher (a worker, not a manager) on his own lessons, a manager on the whole school', () => {
    expect(ownTeacher(teacher)).toBe(7);
    expect(ownTeacher(manager)).toBeNull();
    expect(ownTeacher(both)).toBeNull();
    expect(teacherOf(null, teacher)).toBe(7);
    expect(teacherOf(null, manager)).toBeNull();
  });

  it('follows the address: a teacher picked, or the whole school chosen', () => {
    expect(teacherOf('12', teacher)).toBe(12);
    expect(teacherOf('12', manager)).toBe(12);
    expect(teacherOf(WHOLE_SCHOOL, teacher)).toBeNull();
    expect(teacherOf('-3', teacher)).toBeNull();
  });

  it('writes nothing for the default, and reads back what it writes', () => {
    expect(teacherParam(7, teacher)).toBe('');
    expect(teacherParam(null, teacher)).toBe(WHOLE_SCHOOL);
    expect(teacherParam(null, manager)).toBe('');
    expect(teacherParam(12, manager)).toBe('12');
    for (const user of [teacher, manager])
      for (const id of [null, 7, 12]) expect(teacherOf(teacherParam(id, user), user)).toBe(id);
  });
});
