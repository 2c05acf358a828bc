//! The activity log's entries and filters: who did it (a manager acting as someone shows as both
//! people), where an entry leads, and the filters kept in the page's query string so a filtered
//! log can be shared as a link.
import type { Ok } from '../../api/types';
import { to } from '../../lib/person';
import { paths } from '../../paths';

/**
 * A row of `GET /api/history` and `GET /api/users/{id}/logs`. The server sends `null` for an
 * empty field where the schema says it may be missing: both are read as absent.
 */
export type ActivityEntry = Ok<'history_list'>['data'][number];

/** An action the filter offers: `GET /api/history/actions`. */
export type ActionOption = Ok<'history_actions'>['data'][number];

export const PER_PAGE = 25;

export interface ActivityFilters {
  /** Entries done by or to this person. */
  userId: number | null;
  action: string;
  /** `YYYY-MM-DD`, inclusive; '' when open. */
  dateFrom: string;
  dateTo: string;
  page: number;
}

const positive = (value: string | null) => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : null;
};

/** A real calendar day written `YYYY-MM-DD`, or ''. */
export function isoDay(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? value : '';
}

/** The filters in a query string; a nonsense value is dropped, a reversed period turned round. */
export function readFilters(params: URLSearchParams): ActivityFilters {
  let dateFrom = isoDay(params.get('date_from'));
  let dateTo = isoDay(params.get('date_to'));
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    userId: positive(params.get('user_id')),
    action: params.get('action')?.trim() ?? '',
    dateFrom,
    dateTo,
    page: positive(params.get('page')) ?? 1,
  };
}

/** The query string of the filters, named as the API names them; empty ones and page 1 left out. */
export function writeFilters(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.userId) params.set('user_id', String(filters.userId));
  if (filters.action) params.set('action', filters.action);
  if (filters.dateFrom) params.set('date_from', filters.dateFrom);
  if (filters.dateTo) params.set('date_to', filters.dateTo);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The list call's query; a person's own log has no person filter. */
export function toQuery({ userId, action, dateFrom, dateTo, page }: ActivityFilters, byPerson: boolean) {
  return {
    user_id: byPerson ? (userId ?? undefined) : undefined,
    action: action || undefined,
    date_from: dateFrom || undefined,
    date_to: dateTo || undefined,
    page,
    per_page: PER_PAGE,
  };
}

export const isFiltered = (filters: ActivityFilters, byPerson: boolean) =>
  Boolean((byPerson && filters.userId) || filters.action || filters.dateFrom || filters.dateTo);

/** «Орлова Наталья Игоревна» -> «Орлова Н. И.»; a single word stays as it is. */
export function shortName(fullName: string): string {
  const [last, ...given] = fullName.trim().split(/\s+/);
  return [last, ...given.map((name) => `${name.charAt(0).toUpperCase()}.`)].join(' ');
}

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
 * already, or it is the card whose log this is: `here`), the tags, the cabinet a file is in.
 */
export function entityLink(entry: ActivityEntry, here: number | null = null): string | null {
  if (entry.entity === 'user' && entry.entity_id != null) {
    const named = [entry.actor_id, entry.impersonator_id, here].includes(entry.entity_id);
    return named ? null : to(paths.user, entry.entity_id);
  }
  if (entry.entity === 'tag') return paths.tags;
  const owner = entry.subject_ids[0];
  if (entry.entity === 'file' && owner != null) return to(paths.userFiles, owner);
  return null;
}
