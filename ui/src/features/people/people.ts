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

/** The question before deleting `person`: a student is taken off his groups and future lessons
 * (the server does it with the delete), which a restore does not undo; anyone else's groups and
 * lessons stay. */
export function deleteWarning(person: { full_name: string; middle_name?: string | null; roles: readonly string[] }): string {
  const signedOut = `${person.full_name} больше не сможет войти в портал.`;
  if (!person.roles.includes('student')) return `${signedOut} Группы и занятия не меняются, и после восстановления всё будет как прежде.`;
  const female = genderOf(person.middle_name) === 'female';
  const [who, taken, him] = female ? ['Ученица', 'снята', 'её'] : ['Ученик', 'снят', 'его'];
  return `${signedOut} ${who} будет ${taken} со всех групп и будущих занятий; прошедшие занятия, оценки и оплаты сохранятся. Восстановить можно, но в группы ${him} нужно будет добавить заново.`;
}
