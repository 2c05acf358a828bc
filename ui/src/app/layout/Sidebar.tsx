//! The sidebar: a collapsible column on desktop (labels show on hover when collapsed), a drawer
//! on phones; only the entries the user may open.
import { useEffect, useRef, type RefObject } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { Tooltip } from '../../components/Tooltip';
import { currentUser } from '../../lib/user';
import { isGroup, visibleMenu, type MenuGroup, type MenuLink } from '../menu';
import { closeMobileSidebar, setSidebarHovered, SIDEBAR_TOGGLE_ID, sidebar, toggleSidebar, toggleSubmenu } from '../sidebar';

function Link({ link, compact }: { link: MenuLink; compact: boolean }) {
  const { activeItem } = useSnapshot(sidebar);
  const { pathname } = useLocation();
  // The entry of this page, or of the section a sub-page (/users/5) belongs to.
  const current = activeItem === link.id ? (pathname === link.path ? 'page' : 'true') : undefined;
  return (
    <li>
      <Tooltip text={link.label} side="right" enabled={compact}>
        <RouterLink to={link.path} aria-current={current} className="sidebar-link">
          {link.icon && <Icon name={link.icon} />}
          <span className="sidebar-label">{link.label}</span>
        </RouterLink>
      </Tooltip>
    </li>
  );
}

function Group({ group, compact }: { group: MenuGroup; compact: boolean }) {
  const { openSubmenu, activeItem } = useSnapshot(sidebar);
  const open = openSubmenu === group.id;
  const listId = `submenu-${group.id}`;
  const holdsActive = group.children.some((child) => child.id === activeItem);
  return (
    <li>
      <Tooltip text={group.label} side="right" enabled={compact}>
        <button
          type="button"
          className="sidebar-link sidebar-group"
          aria-expanded={open}
          aria-controls={listId}
          data-active={holdsActive}
          onClick={() => toggleSubmenu(group.id)}
        >
          <Icon name={group.icon} />
          <span className="sidebar-label">{group.label}</span>
          <span className="sidebar-chevron">
            <Icon name={open ? 'chevronUp' : 'chevronDown'} size={16} />
          </span>
        </button>
      </Tooltip>
      {open && (
        <ul id={listId} className="sidebar-submenu">
          {group.children.map((link) => (
            <Link key={link.id} link={link} compact={compact} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The phone's drawer and the focus: it goes to the first entry when the drawer opens; when it
 * closes with the focus in it (the drawer is inert then) or lost, back to the menu button — or,
 * when an entry opened another page, to that page's content.
 */
function useDrawerFocus(panel: RefObject<HTMLElement | null>, open: boolean) {
  const { pathname } = useLocation();
  const openedOn = useRef<string | null>(null);
  useEffect(() => {
    if (open) {
      openedOn.current ??= pathname;
      return;
    }
    if (openedOn.current === null) return;
    const target = openedOn.current === pathname ? SIDEBAR_TOGGLE_ID : 'content';
    openedOn.current = null;
    const focused = document.activeElement;
    if (!focused || focused === document.body || panel.current?.contains(focused)) document.getElementById(target)?.focus();
  }, [open, pathname, panel]);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeMobileSidebar();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, panel]);
}

export function Sidebar() {
  const snap = useSnapshot(sidebar);
  const { user } = useSnapshot(currentUser);
  const panel = useRef<HTMLElement>(null);
  const compact = !snap.isMobile && !snap.expanded && !snap.hovered;
  useDrawerFocus(panel, snap.mobileOpen);

  return (
    <>
      <aside
        ref={panel}
        id="sidebar"
        className="sidebar"
        aria-label="Главное меню"
        data-compact={compact}
        data-hovered={snap.hovered}
        data-mobile-open={snap.mobileOpen}
        inert={snap.isMobile && !snap.mobileOpen}
        onPointerEnter={(event) => event.pointerType === 'mouse' && setSidebarHovered(true)}
        onPointerLeave={() => setSidebarHovered(false)}
      >
        <div className="sidebar-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="sidebar-label" title={user?.school_name}>
            {user?.school_name ?? 'Klass'}
          </span>
        </div>
        <nav>
          <ul>
            {visibleMenu(user).map((entry) =>
              isGroup(entry) ? (
                <Group key={entry.id} group={entry} compact={compact} />
              ) : (
                <Link key={entry.id} link={entry} compact={compact} />
              ),
            )}
          </ul>
        </nav>
        {!snap.isMobile && (
          <button
            type="button"
            className="sidebar-link sidebar-collapse"
            aria-expanded={snap.expanded}
            aria-controls="sidebar"
            onClick={toggleSidebar}
          >
            <Icon name="collapse" />
            <span className="sidebar-label">{snap.expanded ? 'Свернуть меню' : 'Развернуть меню'}</span>
          </button>
        )}
      </aside>
      {snap.mobileOpen && <div className="sidebar-backdrop" aria-hidden="true" onClick={closeMobileSidebar} />}
    </>
  );
}
