//! Sidebar state (spec §3, §4): expanded, mobile-open, hovered, active item and open submenu.
import { proxy } from 'valtio';

/** Narrower than this (px) the sidebar is a mobile drawer. */
export const MOBILE_BREAKPOINT = 768;

/** The id of the top bar's menu button, where the focus returns when the phone's drawer closes. */
export const SIDEBAR_TOGGLE_ID = 'sidebar-toggle';

export const sidebar = proxy({
  isMobile: false,
  /** The desktop choice; on mobile the sidebar is never expanded. */
  wantsExpanded: true,
  mobileOpen: false,
  hovered: false,
  activeItem: null as string | null,
  openSubmenu: null as string | null,
  get expanded(): boolean {
    return !this.isMobile && this.wantsExpanded;
  },
});

/** Called with the window width at start and on every resize; crossing the breakpoint shuts
 * the drawer, so a phone never starts with it open. */
export function setViewportWidth(width: number) {
  const isMobile = width < MOBILE_BREAKPOINT;
  if (isMobile === sidebar.isMobile) return;
  sidebar.isMobile = isMobile;
  sidebar.mobileOpen = false;
}

/** Flips mobile-open on mobile, otherwise expanded. */
export function toggleSidebar() {
  if (sidebar.isMobile) sidebar.mobileOpen = !sidebar.mobileOpen;
  else sidebar.wantsExpanded = !sidebar.wantsExpanded;
}

export function closeMobileSidebar() {
  sidebar.mobileOpen = false;
}

export function setSidebarHovered(hovered: boolean) {
  sidebar.hovered = hovered;
}

/** Opens a submenu; toggling the open one closes it. */
export function toggleSubmenu(id: string) {
  sidebar.openSubmenu = sidebar.openSubmenu === id ? null : id;
}

/** Marks the item of the current page; its group, if any, opens. */
export function setActiveItem(id: string | null, group: string | null) {
  sidebar.activeItem = id;
  if (group) sidebar.openSubmenu = group;
}
