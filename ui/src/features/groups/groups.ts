//! The groups list's filter definition (kept in the address by the list kit): a search by name,
//! a subject, a teacher, the archived too; the page size. The server orders groups by name.
import { defineFilters, flag, id, perPage, text } from '../../lib/filters';

export const groupFilters = defineFilters('group_lessons_list', {
  search: text(),
  subject: id({ api: 'subject_id' }),
  teacher: id({ api: 'teacher_id' }),
  /** «Показать архивные». */
  archived: flag('with'),
  perPage: perPage([20, 50, 100]),
});
