//! People: the person form's body, and the list's filters kept in the page's query string (so
//! back/forward, a reload and a bookmark show the same list); formats of dates and phones.
import type { components } from '../../api/schema';
import { ROLES } from '../../lib/person';
import type { Role } from '../../lib/user';

export type PersonBody = components['schemas']['PersonBody'];

export const SORT_FIELDS = ['last_name', 'email', 'created_at'] as const;
export const DEFAULT_SORT = 'last_name';
export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_PER_PAGE = 20;

export interface UserFilters {
  search: string;
  roles: Role[];
  tags: number[];
  /** «Показать удалённых»: the deleted too. */
  trashed: boolean;
  sort: string;
  page: number;
  perPage: number;
}

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

const isSort = (value: string) => SORT_FIELDS.some((field) => value === field || value === `-${field}`);

/** The filters in a query string; unknown values are dropped. */
export function readFilters(params: URLSearchParams): UserFilters {
  const sort = params.get('sort') ?? '';
  const perPage = positive(params.get('per_page'), DEFAULT_PER_PAGE);
  return {
    search: params.get('search') ?? '',
    roles: ROLES.filter((role) => params.getAll('role').includes(role)),
    tags: [...new Set(params.getAll('tag').map(Number).filter((id) => Number.isInteger(id) && id > 0))],
    trashed: params.get('trashed') === 'with',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: positive(params.get('page'), 1),
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
}

/** The query string of the filters; defaults are left out. */
export function writeFilters(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  for (const role of filters.roles) params.append('role', role);
  for (const tag of filters.tags) params.append('tag', String(tag));
  if (filters.trashed) params.set('trashed', 'with');
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.perPage !== DEFAULT_PER_PAGE) params.set('per_page', String(filters.perPage));
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The list call's query (`GET /api/users`). */
export function toQuery({ search, roles, tags, trashed, sort, page, perPage }: UserFilters) {
  return { search: search || undefined, roles, tags, trashed: trashed ? 'with' : undefined, sort, page, per_page: perPage };
}

export const isFiltered = (filters: UserFilters) =>
  Boolean(filters.search || filters.roles.length || filters.tags.length || filters.trashed);

const DATE = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short' });
const DATE_TIME = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

export const formatDate = (iso: string) => DATE.format(new Date(iso.length === 10 ? `${iso}T00:00:00` : iso));
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

/** `+79123456789` -> `+7 912 345-67-89`; anything else as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+7 ${match[1]} ${match[2]}-${match[3]}-${match[4]}` : phone;
}
