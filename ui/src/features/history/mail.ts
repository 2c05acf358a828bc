//! The mail history's records and filters: Russian names of statuses and kinds, and the filters
//! kept in the page's query string (so a filtered list can be bookmarked and survives a reload).
import type { components } from '../../api/schema';

/** A row of `GET /api/history/mail` and `GET /api/users/{id}/mail`. */
export type MailRecord = components['schemas']['MailEntry'];
export type MailStatus = MailRecord['status'];
export type MailKind = MailRecord['kind'];

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const satisfies readonly MailStatus[];
export const MAIL_KINDS = ['password_reset', 'verify_email', 'set_password', 'notification', 'test'] as const satisfies readonly MailKind[];

export const STATUS_NAMES: Record<MailStatus, string> = { queued: 'в очереди', sent: 'отправлено', failed: 'ошибка' };

/** The filter's names of the kinds: the server's `kind_title`s. */
export const KIND_NAMES: Record<MailKind, string> = {
  password_reset: 'Сброс пароля',
  verify_email: 'Подтверждение e-mail',
  set_password: 'Установка пароля',
  notification: 'Уведомление',
  test: 'Проверка почты',
};

export const PER_PAGE = 20;

export interface MailFilters {
  status: MailStatus | '';
  kind: MailKind | '';
  search: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

export function readFilters(params: URLSearchParams): MailFilters {
  const page = Number(params.get('page'));
  return {
    status: oneOf(MAIL_STATUSES, params.get('status')),
    kind: oneOf(MAIL_KINDS, params.get('kind')),
    search: params.get('search') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of the filters; empty filters and the first page are left out. */
export function writeFilters(filters: MailFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.search) params.set('search', filters.search);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The list call's query: the filters that are set, and the page size. */
export function toQuery(filters: MailFilters) {
  const { status, kind, search, page } = filters;
  return { status: status || undefined, kind: kind || undefined, search: search || undefined, page, per_page: PER_PAGE };
}

export const isFiltered = (filters: MailFilters) => Boolean(filters.status || filters.kind || filters.search);

const DATE_TIME = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short' });
const TIME = new Intl.DateTimeFormat('ru-RU', { timeStyle: 'short' });

export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

/** When a mail left: the time alone on the day it was written, else date and time. */
export function formatSentAt(createdAt: string, sentAt: string): string {
  const sent = new Date(sentAt);
  return DATE.format(sent) === DATE.format(new Date(createdAt)) ? `в ${TIME.format(sent)}` : DATE_TIME.format(sent);
}
