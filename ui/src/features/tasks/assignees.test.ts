import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/user';
import { assigneeRoles } from './assignees';

const as = (...roles: Role[]) => assigneeRoles({ roles });

describe('whom a task may be given to (the «Кому» search)', () => {
  it('a manager: anyone, so the search keeps no role', () => {
    expect(as('manager')).toEqual([]);
    expect(as('worker', 'manager')).toEqual([]);
  });

  it('a worker who is not a manager: staff, managers and workers', () => {
    expect(as('worker')).toEqual(['manager', 'worker']);
    expect(as('worker', 'parent')).toEqual(['manager', 'worker']);
  });

  it('anyone else (and nobody signed in): only himself, no «Кому»', () => {
    expect(as('student')).toBeNull();
    expect(as('parent')).toBeNull();
    expect(assigneeRoles(null)).toBeNull();
  });
});
