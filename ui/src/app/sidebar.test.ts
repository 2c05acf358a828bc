import { beforeEach, describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT, setActiveItem, setViewportWidth, sidebar, toggleSidebar, toggleSubmenu } from './sidebar';

beforeEach(() => {
  setViewportWidth(1280);
  Object.assign(sidebar, { wantsExpanded: true, mobileOpen: false, hovered: false, activeItem: null, openSubmenu: null });
});

describe('sidebar', () => {
  it('is mobile below 768 px and desktop from 768 px', () => {
    expect(MOBILE_BREAKPOINT).toBe(768);
    setViewportWidth(767);
    expect(sidebar.isMobile).toBe(true);
    setViewportWidth(768);
    expect(sidebar.isMobile).toBe(false);
  });

  it('toggle flips expanded on desktop', () => {
    expect(sidebar.expanded).toBe(true);
    toggleSidebar();
    expect(sidebar.expanded).toBe(false);
    expect(sidebar.mobileOpen).toBe(false);
    toggleSidebar();
    expect(sidebar.expanded).toBe(true);
  });

  it('toggle flips mobile-open on mobile, and expanded is false there', () => {
    setViewportWidth(360);
    expect(sidebar.expanded).toBe(false);
    toggleSidebar();
    expect(sidebar.mobileOpen).toBe(true);
    expect(sidebar.wantsExpanded).toBe(true);
    toggleSidebar();
    expect(sidebar.mobileOpen).toBe(false);
  });

  it('forces mobile-open off when the window crosses the breakpoint', () => {
    setViewportWidth(360);
    toggleSidebar();
    setViewportWidth(1024);
    expect(sidebar.mobileOpen).toBe(false);
    setViewportWidth(360);
    expect(sidebar.mobileOpen).toBe(false);
  });

  it('keeps the desktop choice for when the window is wide again', () => {
    toggleSidebar();
    setViewportWidth(360);
    setViewportWidth(1280);
    expect(sidebar.expanded).toBe(false);
  });

  it('toggling the open submenu closes it, another one replaces it', () => {
    toggleSubmenu('settings');
    expect(sidebar.openSubmenu).toBe('settings');
    toggleSubmenu('users');
    expect(sidebar.openSubmenu).toBe('users');
    toggleSubmenu('users');
    expect(sidebar.openSubmenu).toBeNull();
  });

  it('marks the active item and opens its group', () => {
    setActiveItem('settings-ui', 'settings');
    expect(sidebar.activeItem).toBe('settings-ui');
    expect(sidebar.openSubmenu).toBe('settings');
  });
});
