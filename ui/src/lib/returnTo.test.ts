import { describe, expect, it } from 'vitest';
import { safeRedirect, signInFor } from './returnTo';

const origin = 'http://school.local';

describe('the page to return to after signing in', () => {
  it('follows a path of the portal with its query', () => {
    expect(safeRedirect('/users/22/files', origin)).toBe('/users/22/files');
    expect(safeRedirect('/users?search=%D0%B0&page=2', origin)).toBe('/users?search=%D0%B0&page=2');
  });

  it('refuses anything that could leave the site', () => {
    for (const raw of ['//evil.example', 'https://evil.example/', '/\\evil.example', '\\\\evil', '/\t/evil.example', 'javascript:alert(1)', 'users/22', '', null]) {
      expect(safeRedirect(raw, origin), String(raw)).toBeNull();
    }
  });

  it('does not loop back to the sign-in forms', () => {
    expect(safeRedirect('/auth/login?redirect=/x', origin)).toBeNull();
  });

  it('puts the page into the sign-in address, but not the start page', () => {
    expect(signInFor('/users/22/files')).toBe('/auth/login?redirect=%2Fusers%2F22%2Ffiles');
    expect(signInFor('/')).toBe('/auth/login');
  });
});
