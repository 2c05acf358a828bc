//! The sidebar menu: only entries whose route the user's roles may open are shown.
import type { IconName } from '../components/Icon';
import type { CurrentUser } from '../lib/user';
import { paths } from '../paths';
import { mayOpen } from './guards';
import { findRoute } from './routes';

export interface MenuLink {
  id: string;
  label: string;
  path: string;
  icon?: IconName;
}

export interface MenuGroup {
  id: string;
  label: string;
  icon: IconName;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const MENU: readonly MenuEntry[] = [
  { id: 'home', label: 'Главная', icon: 'home', path: paths.home },
  { id: 'users', label: 'Пользователи', icon: 'users', path: paths.users },
  { id: 'tags', label: 'Теги', icon: 'tag', path: paths.tags },
  {
    id: 'settings',
    label: 'Настройки',
    icon: 'settings',
    children: [
      { id: 'settings-general', label: 'Общие', path: paths.settings },
      { id: 'settings-ui', label: 'Интерфейс', path: paths.settingsUi },
      { id: 'settings-password', label: 'Пароль', path: paths.settingsPassword },
    ],
  },
  {
    id: 'history',
    label: 'История',
    icon: 'history',
    children: [{ id: 'history-mail', label: 'Письма', path: paths.mailHistory }],
  },
  { id: 'help', label: 'Справка', icon: 'help', path: paths.help },
];

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

const allowed = (link: MenuLink, user: CurrentUser | null) => {
  const route = findRoute(link.path);
  return route !== undefined && mayOpen(route.guards, user);
};

/** The menu as this user sees it; a group with nothing left in it disappears. */
export function visibleMenu(user: CurrentUser | null): MenuEntry[] {
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return allowed(entry, user) ? [entry] : [];
    const children = entry.children.filter((link) => allowed(link, user));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The menu entry of a page and the group it sits in. */
export function menuItemFor(path: string): { id: string; group: string | null } | null {
  for (const entry of MENU) {
    if (!isGroup(entry)) {
      if (entry.path === path) return { id: entry.id, group: null };
    } else {
      const link = entry.children.find((child) => child.path === path);
      if (link) return { id: link.id, group: entry.id };
    }
  }
  return null;
}
