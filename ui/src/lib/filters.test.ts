import { describe, expect, it } from 'vitest';
import { day, defineFilters, flag, id, ids, isoDay, kept, manyOf, oneOf, perPage, placeFilters, prefixed, sort, text, type Values } from './filters';
import { pageOf } from './useListPage';

const COLOURS = ['red', 'green', 'blue'] as const;

/** A list with one field of every kind, as a new area would declare it. */
const filters = defineFilters(
  'users_list',
  {
    search: text(),
    colour: oneOf(COLOURS),
    colours: manyOf(COLOURS, { param: 'c', api: 'colours' }),
    tags: ids({ param: 'tag' }),
    owner: id({ param: 'owner_id', api: 'owner_id' }),
    trashed: flag('with'),
    from: day({ param: 'date_from', api: 'date_from' }),
    to: day({ param: 'date_to', api: 'date_to' }),
    sort: sort(['name', 'created_at'], 'name'),
    perPage: perPage([20, 50]),
  },
  (values) => (values.from && values.to && values.from > values.to ? { ...values, from: values.to, to: values.from } : values),
);

const defaults: Values<typeof filters.fields> = {
  search: '',
  colour: '',
  colours: [],
  tags: [],
  owner: null,
  trashed: false,
  from: '',
  to: '',
  sort: 'name',
  perPage: 20,
  page: 1,
};

describe('filters kept in the address', () => {
  it('reads an empty address as the defaults and writes the defaults as an empty address', () => {
    expect(filters.read(new URLSearchParams())).toEqual(defaults);
    expect(filters.write(defaults).toString()).toBe('');
  });

  it('reads every kind of field, dropping what makes no sense', () => {
    const params = new URLSearchParams(
      'search=+ёж+&colour=green&c=blue&c=pink&c=red&tag=4&tag=x&tag=4&tag=-1&owner_id=9&trashed=with&date_from=2026-11-30&date_to=2026-11-01&sort=-created_at&per_page=50&page=3',
    );
    expect(filters.read(params)).toEqual({
      search: 'ёж',
      colour: 'green',
      colours: ['red', 'blue'],
      tags: [4],
      owner: 9,
      trashed: true,
      from: '2026-11-01',
      to: '2026-11-30',
      sort: '-created_at',
      perPage: 50,
      page: 3,
    });
    const nonsense = new URLSearchParams('colour=pink&owner_id=0&trashed=yes&date_from=2026-02-30&sort=password&per_page=7&page=-2');
    expect(filters.read(nonsense)).toEqual(defaults);
  });

  it('writes under the address names, the page last, and reads back the same', () => {
    const values = { ...defaults, search: 'а б', colours: ['green' as const], tags: [2, 3], owner: 5, trashed: true, to: '2026-11-23', sort: '-name', perPage: 50, page: 2 };
    const written = filters.write(values);
    expect(written.toString()).toBe('search=%D0%B0+%D0%B1&c=green&tag=2&tag=3&owner_id=5&trashed=with&date_to=2026-11-23&sort=-name&per_page=50&page=2');
    expect(filters.read(written)).toEqual(values);
  });

  it('asks the API under its names, leaving out what is not set', () => {
    expect(filters.query({ ...defaults, colours: ['red'], owner: 5, trashed: true, from: '2026-11-01' })).toEqual({
      search: undefined,
      colour: undefined,
      colours: ['red'],
      tags: [],
      owner_id: 5,
      trashed: 'with',
      date_from: '2026-11-01',
      date_to: undefined,
      sort: 'name',
      per_page: 20,
      page: 1,
    });
  });

  it('tells a filtered list from one only sorted, sized or paged', () => {
    expect(filters.narrowed({ ...defaults, sort: '-created_at', perPage: 50, page: 4 })).toBe(false);
    const changes: Partial<typeof defaults>[] = [{ search: 'x' }, { colour: 'red' }, { colours: ['red'] }, { tags: [1] }, { owner: 1 }, { trashed: true }, { from: '2026-01-01' }];
    for (const change of changes) {
      expect(filters.narrowed({ ...defaults, ...change })).toBe(true);
    }
  });

  it('offers a page size only when there is a choice', () => {
    expect(filters.sizes).toEqual([20, 50]);
    expect(defineFilters('tags_list', { perPage: perPage([25]) }).sizes).toBeNull();
    expect(defineFilters('tags_list', { search: text() }).sizes).toBeNull();
  });

  it('keeps a parameter of the page in the address without sending it or narrowing the list', () => {
    const debtors = defineFilters('payments_debtors', { tab: kept('debtors'), perPage: perPage([50]) });
    const values = debtors.read(new URLSearchParams('page=3'));
    expect(values).toEqual({ tab: 'debtors', perPage: 50, page: 3 });
    expect(debtors.write({ ...values, page: 1 }).toString()).toBe('tab=debtors');
    expect(debtors.query(values)).toEqual({ tab: undefined, per_page: 50, page: 3 });
    expect(debtors.narrowed(values)).toBe(false);
  });

  it("keeps each of several lists' page under its own prefix, leaving the others' in the address", () => {
    const ledger = defineFilters('users_payments', { perPage: perPage([20, 50]) });
    const [seven, eight] = [prefixed(ledger, '7-'), prefixed(ledger, '8-')];
    const address = new URLSearchParams('7-page=2&8-per_page=50&page=5');
    expect(seven.read(address)).toEqual({ perPage: 20, page: 2 });
    expect(eight.read(address)).toEqual({ perPage: 50, page: 1 });
    const turned = seven.write({ perPage: 20, page: 3 });
    expect(turned.toString()).toBe('7-page=3');
    expect(placeFilters(address, turned, seven.prefix).toString()).toBe('8-per_page=50&page=5&7-page=3');
    expect(placeFilters(address, ledger.write({ perPage: 20, page: 3 }), ledger.prefix).toString()).toBe('page=3');
  });

  it('knows a real day', () => {
    expect(isoDay('2028-02-29')).toBe('2028-02-29');
    expect(isoDay('2026-02-29')).toBe('');
    expect(isoDay('23.11.2026')).toBe('');
  });
});

describe('a list sent whole, paged in the browser', () => {
  const tags = ['Льгота', 'ёлка', 'Новичок', 'Егэ', 'апрель'].map((name, i) => ({ id: i + 1, name, users_count: i * 3 }));
  const rules = { text: (t: (typeof tags)[number]) => t.name, sortBy: { name: (t: (typeof tags)[number]) => t.name, users_count: (t: (typeof tags)[number]) => t.users_count } };

  it('searches folding ё, sorts either way and pages', () => {
    expect(pageOf(tags, { search: 'ЕЛК', sort: 'name', page: 1, perPage: 20 }, rules).data.map((t) => t.name)).toEqual(['ёлка']);
    expect(pageOf(tags, { search: 'е', sort: 'name', page: 1, perPage: 20 }, rules).data.map((t) => t.name)).toEqual(['апрель', 'Егэ', 'ёлка']);
    expect(pageOf(tags, { sort: '-users_count', page: 1, perPage: 2 }, rules).data.map((t) => t.users_count)).toEqual([12, 9]);
    const second = pageOf(tags, { sort: 'name', page: 2, perPage: 2 }, rules);
    expect(second.data.map((t) => t.name)).toEqual(['ёлка', 'Льгота']);
    expect(second.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5, from: 3, to: 4 });
  });

  it('shows the last page for a page past the end, and an empty page for nothing found', () => {
    expect(pageOf(tags, { sort: 'name', page: 9, perPage: 2 }, rules).meta.current_page).toBe(3);
    const none = pageOf(tags, { search: 'нет такого', page: 1, perPage: 20 }, rules);
    expect(none.data).toEqual([]);
    expect(none.meta).toMatchObject({ total: 0, last_page: 1, from: undefined, to: undefined });
  });
});
