import { describe, expect, it } from 'vitest';
import { nextSort } from '../../components/SortHeader';
import type { Values } from '../../lib/filters';
import { deleteWarning, peopleFilters } from './people';

type UserFilters = Values<typeof peopleFilters.fields>;
const { read, write, query, narrowed } = peopleFilters;
const defaults: UserFilters = { search: '', roles: [], tags: [], trashed: false, sort: 'last_name', page: 1, perPage: 20 };

describe('people list filters in the query string', () => {
  it('reads every filter, dropping unknown roles, bad ids, bad sorts and page sizes', () => {
    const params = new URLSearchParams('search=Алёна&role=parent&role=admin&role=student&tag=3&tag=x&tag=3&trashed=with&sort=-created_at&page=2&per_page=50');
    expect(read(params)).toEqual({ search: 'Алёна', roles: ['student', 'parent'], tags: [3], trashed: true, sort: '-created_at', page: 2, perPage: 50 });
    expect(read(new URLSearchParams('sort=password&page=-1&per_page=7&trashed=only'))).toEqual(defaults);
  });

  it('writes only what differs from the defaults, and reads back the same filters', () => {
    expect(write(defaults).toString()).toBe('');
    const filters: UserFilters = { search: 'ив', roles: ['worker', 'manager'], tags: [1, 5], trashed: true, sort: 'email', page: 3, perPage: 100 };
    const written = write(filters);
    expect(written.toString()).toBe('search=%D0%B8%D0%B2&role=worker&role=manager&tag=1&tag=5&trashed=with&sort=email&per_page=100&page=3');
    expect(read(written)).toEqual({ ...filters, roles: ['manager', 'worker'] });
  });

  it('turns the filters into the API query', () => {
    expect(query(defaults)).toEqual({ search: undefined, roles: [], tags: [], trashed: undefined, sort: 'last_name', page: 1, per_page: 20 });
    expect(query({ ...defaults, search: 'ё', trashed: true, tags: [2] })).toMatchObject({ search: 'ё', trashed: 'with', tags: [2] });
  });

  it('knows a filtered list from a sorted or paged one', () => {
    expect(narrowed({ ...defaults, sort: '-email', page: 4 })).toBe(false);
    expect(narrowed({ ...defaults, roles: ['parent'] })).toBe(true);
    expect(narrowed({ ...defaults, trashed: true })).toBe(true);
  });

  it('a click on a column sorts by it, a second click turns the order round', () => {
    expect(nextSort('last_name', 'email')).toBe('email');
    expect(nextSort('email', 'email')).toBe('-email');
    expect(nextSort('-email', 'email')).toBe('email');
  });
});

describe('deleteWarning', () => {
  it('tells that a student leaves his groups and future lessons, and a restore does not bring them back', () => {
    const student = { full_name: 'Иванов Артём Сергеевич', middle_name: 'Сергеевич', roles: ['student'] };
    expect(deleteWarning(student)).toBe(
      'Иванов Артём Сергеевич больше не сможет войти в портал. Ученик будет снят со всех групп и будущих занятий; прошедшие занятия, оценки и оплаты сохранятся. Восстановить можно, но в группы его нужно будет добавить заново.',
    );
    expect(deleteWarning({ ...student, full_name: 'Иванова Дарья Дмитриевна', middle_name: 'Дмитриевна' })).toContain(
      'Ученица будет снята со всех групп и будущих занятий; прошедшие занятия, оценки и оплаты сохранятся. Восстановить можно, но в группы её нужно будет добавить заново.',
    );
  });

  it("leaves anyone else's groups and lessons as they are", () => {
    expect(deleteWarning({ full_name: 'Белов Игорь', roles: ['worker'] })).toBe(
      'Белов Игорь больше не сможет войти в портал. Группы и занятия не меняются, и после восстановления всё будет как прежде.',
    );
  });
});
