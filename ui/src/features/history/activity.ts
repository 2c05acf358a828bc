//! The activity log's entries and filters: who did it (a manager acting as someone shows as both
//! people), where an entry leads, and the filters kept in the page's query string so a filtered
//! log can be shared as a link.
import { generatePath } from 'react-router';
import type { Row } from '../../api/types';
import { day, defineFilters, id, perPage, text } from '../../lib/filters';
import { shortName } from '../../lib/format';
import { to } from '../../lib/person';
import { paths } from '../../paths';

/**
 * A row of `GET /api/history` and `GET /api/users/{id}/logs`. The server sends `null` for an
 * empty field where the schema says it may be missing: both are read as absent.
 */
export type ActivityEntry = Row<'history_list'>;

/** An action the filter offers: `GET /api/history/actions`. */
export type ActionOption = Row<'history_actions'>;

/** Both ends of a period in order: a reversed one turned round. */
function inOrder<V extends { dateFrom: string; dateTo: string }>(values: V): V {
  const { dateFrom, dateTo } = values;
  return dateFrom && dateTo && dateFrom > dateTo ? { ...values, dateFrom: dateTo, dateTo: dateFrom } : values;
}

/** What a person's own log is filtered by: the action and a period (inclusive days). */
const periodAndAction = {
  action: text(),
  dateFrom: day({ param: 'date_from', api: 'date_from' }),
  dateTo: day({ param: 'date_to', api: 'date_to' }),
  perPage: perPage([25]),
};

/** The whole log (`GET /api/history`): also the person who did it or to whom it was done. */
export const logFilters = defineFilters('history_list', { userId: id({ param: 'user_id', api: 'user_id' }), ...periodAndAction }, inOrder);

/** One person's log (`GET /api/users/{id}/logs`). */
export const personLogFilters = defineFilters('users_logs', periodAndAction, inOrder);

export interface Person {
  id: number | null;
  name: string;
}

const person = (id: number | null | undefined, name: string | null | undefined): Person => ({
  id: id ?? null,
  name: name ? shortName(name) : `Пользователь №${id}`,
});

/**
 * Who made the change: the actor; while a manager acted as someone, the manager first and then
 * the person he acted as («Орлова Н. И. от имени Иванов А. С.»). Empty for the system.
 */
export function whoDid(entry: ActivityEntry): Person[] {
  const actor = entry.actor_id != null || entry.actor_name ? [person(entry.actor_id, entry.actor_name)] : [];
  if (entry.impersonator_id == null && !entry.impersonator_name) return actor;
  return [person(entry.impersonator_id, entry.impersonator_name), ...actor];
}

export const ON_BEHALF = ' от имени ';
export const SYSTEM = 'Система';

/** The «who» of an entry as text. */
export const whoText = (entry: ActivityEntry) => whoDid(entry).map((p) => p.name).join(ON_BEHALF) || SYSTEM;

/**
 * The page an entry is about, when it has one: a person's card (unless «who» links there
 * already, or it is the card whose log this is: `here`), the tags, the subjects, a course, the
 * cabinet a file is in.
 */
export function entityLink(entry: ActivityEntry, here: number | null = null): string | null {
  if (entry.entity === 'user' && entry.entity_id != null) {
    const named = [entry.actor_id, entry.impersonator_id, here].includes(entry.entity_id);
    return named ? null : to(paths.user, entry.entity_id);
  }
  if (entry.entity === 'tag') return paths.tags;
  if (entry.entity === 'subject') return paths.subjects;
  if (entry.entity === 'course' && entry.entity_id != null) return generatePath(paths.course, { course: String(entry.entity_id) });
  const owner = entry.subject_ids[0];
  if (entry.entity === 'file' && owner != null) return to(paths.userFiles, owner);
  return null;
}
