//! People: the person form's body, the list's filter definition (kept in the page's query
//! string by the list kit, so back/forward, a reload and a bookmark show the same list), and the card's words.
import type { Body } from '../../api/types';
import { genderOf } from '../../lib/declension';
import { defineFilters, flag, ids, manyOf, perPage, sort, text } from '../../lib/filters';
import { ROLES } from '../../lib/person';

export type PersonBody = Body<'users_create'>;

/** The sortable columns (the table's headers and the phone's «Порядок»). */
export const PEOPLE_SORTS = { last_name: 'ФИО', email: 'Email и телефон', created_at: 'Создан' } as const;

/** The people list (`GET /api/users`): search, roles, tags, the deleted too, order, page size. */
export const peopleFilters = defineFilters('users_list', {
  search: text(),
  roles: manyOf(ROLES, { param: 'role' }),
  tags: ids({ param: 'tag' }),
  /** «Показать удалённых». */
  trashed: flag('with'),
  sort: sort(Object.keys(PEOPLE_SORTS), 'last_name'),
  perPage: perPage([20, 50, 100]),
});

/** A card's «Последний вход» of someone who never signed in: «не входил», of a woman «не входила»
 * (told from the patronymic). */
export const neverSignedIn = (person: { middle_name?: string | null }) => (genderOf(person.middle_name) === 'female' ? 'не входила' : 'не входил');
