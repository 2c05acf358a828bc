import { describe, expect, it } from 'vitest';
import { formatSentAt, isFiltered, readFilters, toQuery, writeFilters } from './mail';

describe('mail history filters', () => {
  it('reads the filters from the query string, ignoring unknown values', () => {
    expect(readFilters(new URLSearchParams('status=failed&kind=test&search=Иван&page=3'))).toEqual({
      status: 'failed',
      kind: 'test',
      search: 'Иван',
      page: 3,
    });
    expect(readFilters(new URLSearchParams('status=lost&kind=spam&page=-2'))).toEqual({ status: '', kind: '', search: '', page: 1 });
  });

  it('writes only what is set, the first page left out', () => {
    expect(writeFilters({ status: 'sent', kind: '', search: '', page: 1 }).toString()).toBe('status=sent');
    expect(writeFilters({ status: '', kind: 'password_reset', search: 'a b', page: 2 }).toString()).toBe('kind=password_reset&search=a+b&page=2');
  });

  it('asks the server only for the filters that are set, with the page size', () => {
    expect(toQuery({ status: '', kind: 'verify_email', search: '', page: 2 })).toEqual({
      status: undefined,
      kind: 'verify_email',
      search: undefined,
      page: 2,
      per_page: 20,
    });
  });

  it('knows when the list is filtered', () => {
    expect(isFiltered({ status: '', kind: '', search: '', page: 4 })).toBe(false);
    expect(isFiltered({ status: '', kind: '', search: 'x', page: 1 })).toBe(true);
  });

  it('says when a mail left: the time on the same day, else date and time', () => {
    expect(formatSentAt('2026-11-22T10:00:00', '2026-11-22T10:01:00')).toBe('в 10:01');
    expect(formatSentAt('2026-11-22T23:59:00', '2026-11-23T00:05:00')).toBe('23.11.2026, 00:05');
  });
});
