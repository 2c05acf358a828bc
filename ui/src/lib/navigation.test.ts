import { describe, expect, it, vi } from 'vitest';
import { navigateTo, setNavigator } from './navigation';

describe('navigation', () => {
  it('goes inside the portal through the router', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    navigateTo('/auth/login');
    navigateTo('/help', { replace: true });
    expect(navigate.mock.calls).toEqual([['/auth/login', { replace: false }], ['/help', { replace: true }]]);
  });

  it('refuses another site unless allowed', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: 'http://school.local/', origin: 'http://school.local', assign } as Location);
    expect(() => navigateTo('https://example.org/')).toThrowError(/not allowed/);
    expect(assign).not.toHaveBeenCalled();
    navigateTo('https://example.org/', { external: true });
    expect(assign).toHaveBeenCalledWith('https://example.org/');
  });
});
