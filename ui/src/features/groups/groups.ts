//! The groups list's filter definition (kept in the address by the list kit): a search by name,
//! a subject, a teacher, the archived too; the order (the server sorts: by name unless told); the
//! page size.
import { defineFilters, flag, id, perPage, sort, text } from '../../lib/filters';

/** The sortable columns (the table's headers and the phone's «Порядок»). */
export const GROUP_SORTS = { name: 'Название', subject: 'Предмет', teacher: 'Учитель', students: 'Ученики' } as const;

export const groupFilters = defineFilters('group_lessons_list', {
  search: text(),
  subject: id({ api: 'subject_id' }),
  teacher: id({ api: 'teacher_id' }),
  /** «Показать архивные». */
  archived: flag('with'),
  sort: sort(Object.keys(GROUP_SORTS), 'name'),
  perPage: perPage([20, 50, 100]),
});
