//! The tags list's filter definition (kept in the address by the list kit) and how the browser
//! searches and orders the school's tags (`GET /api/tags` sends them all: a school has few).
import { defineFilters, perPage, sort, text } from '../../lib/filters';
import type { Tag } from '../../lib/tags';
import type { LocalRules } from '../../lib/useListPage';

/** The sortable columns (the table's headers and the phone's «Порядок»). */
export const TAG_SORTS = { name: 'Тег', users_count: 'Люди' } as const;

export const tagFilters = defineFilters('tags_list', {
  search: text(),
  sort: sort(Object.keys(TAG_SORTS), 'name'),
  perPage: perPage([20, 50, 100]),
});

export const tagRules: LocalRules<Tag> = {
  text: (tag) => tag.name,
  sortBy: { name: (tag) => tag.name, users_count: (tag) => tag.users_count ?? 0 },
};
