import { describe, expect, it } from 'vitest';
import { hostOnlyTheServerOpens } from './FeedLink';

describe('a calendar link no phone opens', () => {
  const link = (host: string) => `http://${host}:8080/api/users/7/calendar.ics?token=abc`;
  it('is one to the server\'s own computer seen from another', () => {
    expect(hostOnlyTheServerOpens(link('127.0.0.1'), '192.168.1.10')).toBe('127.0.0.1');
    expect(hostOnlyTheServerOpens(link('localhost'), 'school.local')).toBe('localhost');
    expect(hostOnlyTheServerOpens(link('[::1]'), 'school.local')).toBe('[::1]');
  });
  it('is not one to the school\'s address, nor one seen on the server itself', () => {
    expect(hostOnlyTheServerOpens(link('192.168.1.10'), '192.168.1.10')).toBeNull();
    expect(hostOnlyTheServerOpens(link('127.0.0.1'), 'localhost')).toBeNull();
    expect(hostOnlyTheServerOpens(link('127.0.0.1'), '127.0.0.1')).toBeNull();
    expect(hostOnlyTheServerOpens('not a link', 'school.local')).toBeNull();
  });
});
