import { describe, expect, it } from 'vitest';
import { formatSentAt, mailFilters } from './mail';

const { read, write, query, narrowed } = mailFilters;
const none = { status: '', kind: '', search: '', perPage: 20, page: 1 } as const;

describe('mail history filters', () => {
  it('reads the filters from the query string, ignoring unknown values', () => {
    expect(read(new URLSearchParams('status=failed&kind=test&search=Иван&page=3'))).toEqual({
      status: 'failed',
      kind: 'test',
      search: 'Иван',
      perPage: 20,
      page: 3,
    });
    expect(read(new URLSearchParams('status=lost&kind=spam&page=-2&per_page=500'))).toEqual(none);
  });

  it('writes only what is set, the first page left out', () => {
    expect(write({ ...none, status: 'sent' }).toString()).toBe('status=sent');
    expect(write({ ...none, kind: 'password_reset', search: 'a b', page: 2 }).toString()).toBe('kind=password_reset&search=a+b&page=2');
  });

  it('asks the server only for the filters that are set, with the page size', () => {
    expect(query({ ...none, kind: 'verify_email', page: 2 })).toEqual({
      status: undefined,
      kind: 'verify_email',
      search: undefined,
      per_page: 20,
      page: 2,
    });
  });

  it('knows when the list is filtered', () => {
    expect(narrowed({ ...none, page: 4 })).toBe(false);
    expect(narrowed({ ...none, search: 'x' })).toBe(true);
  });

  it('says when a mail left: the time on the same day, else date and time', () => {
    expect(formatSentAt('2026-11-22T10:00:00', '2026-11-22T10:01:00')).toBe('в 10:01');
    expect(formatSentAt('2026-11-22T23:59:00', '2026-11-23T00:05:00')).toBe('23.11.2026 00:05');
  });
});
