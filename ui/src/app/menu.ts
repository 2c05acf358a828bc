//! The sidebar menu: only entries whose route the user's roles may open are shown.
import type { IconName } from '../components/Icon';
import { to } from '../lib/person';
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
  { id: 'calendar', label: 'Календарь', icon: 'calendar', path: paths.calendar },
  { id: 'events', label: 'События', icon: 'calendar', path: paths.events },
  { id: 'users', label: 'Пользователи', icon: 'users', path: paths.users },
  { id: 'lessons', label: 'Занятия', icon: 'calendar', path: paths.lessons },
  { id: 'tasks', label: 'Задачи', icon: 'tasks', path: paths.tasks },
  { id: 'marks', label: 'Оценки', icon: 'journal', path: paths.marks },
  { id: 'payments', label: 'Оплаты', icon: 'wallet', path: paths.payments },
  // One's own boards: `:id` is the signed-in user.
  { id: 'boards', label: 'Доски', icon: 'board', path: paths.userBoards },
  { id: 'groups', label: 'Группы', icon: 'layers', path: paths.groups },
  { id: 'tags', label: 'Теги', icon: 'tag', path: paths.tags },
  {
    id: 'teaching',
    label: 'Обучение',
    icon: 'book',
    children: [
      { id: 'subjects', label: 'Предметы', path: paths.subjects },
      { id: 'courses', label: 'Курсы', path: paths.courses },
    ],
  },
  {
    id: 'settings',
    label: 'Настройки',
    icon: 'settings',
    children: [
      { id: 'settings-general', label: 'Общие', path: paths.settings },
      { id: 'settings-ui', label: 'Интерфейс', path: paths.settingsUi },
      { id: 'settings-password', label: 'Пароль', path: paths.settingsPassword },
      { id: 'settings-notifications', label: 'Уведомления', path: paths.settingsNotifications },
      { id: 'settings-backups', label: 'Резервные копии', path: paths.settingsBackups },
    ],
  },
  {
    id: 'history',
    label: 'История',
    icon: 'history',
    children: [
      { id: 'history-log', label: 'Журнал действий', path: paths.history },
      { id: 'history-mail', label: 'Письма', path: paths.mailHistory },
      { id: 'history-payments', label: 'Оплаты', path: paths.moneyHistory },
    ],
  },
  { id: 'help', label: 'Справка', icon: 'help', path: paths.help },
];

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

const mine = (user: CurrentUser | null) => (user ? { id: String(user.id) } : {});

const allowed = (link: MenuLink, user: CurrentUser | null) => {
  const route = findRoute(link.path);
  return route !== undefined && mayOpen(route.guards, user, mine(user));
};

/** A link to a page of one's own (`/users/:id/boards`) points at the signed-in user's. */
const own = (link: MenuLink, user: CurrentUser | null): MenuLink => (user && link.path.includes(':id') ? { ...link, path: to(link.path, user.id) } : link);

/** The menu as this user sees it; a group with nothing left in it disappears. */
export function visibleMenu(user: CurrentUser | null): MenuEntry[] {
  return MENU.flatMap((entry): MenuEntry[] => {
    if (!isGroup(entry)) return allowed(entry, user) ? [own(entry, user)] : [];
    const children = entry.children.filter((link) => allowed(link, user)).map((link) => own(link, user));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** Every link of the menu with the group it sits in. */
const LINKS = MENU.flatMap((entry): { link: MenuLink; group: string | null }[] =>
  isGroup(entry) ? entry.children.map((link) => ({ link, group: entry.id })) : [{ link: entry, group: null }],
);

/**
 * Whether `path` is the page at `prefix` or one under it (/users/5 is under /users, / only is /);
 * a `:id` of the prefix stands for any one part (/users/5/boards is under /users/:id/boards).
 */
const isUnder = (path: string, prefix: string) => {
  if (prefix === '/') return path === '/';
  const parts = path.split('/');
  const wanted = prefix.split('/');
  return wanted.length <= parts.length && wanted.every((part, at) => part === parts[at] || (part.startsWith(':') && parts[at] !== ''));
};

/** The menu entry of a page (the one with the longest path the page sits under) and its group. */
export function menuItemFor(path: string): { id: string; group: string | null } | null {
  let best: (typeof LINKS)[number] | null = null;
  for (const candidate of LINKS) {
    if (isUnder(path, candidate.link.path) && (!best || candidate.link.path.length > best.link.path.length)) best = candidate;
  }
  return best && { id: best.link.id, group: best.group };
}

/** The pages of the menu this user may open, each named by its page title (the home page's cards). */
export function menuPages(user: CurrentUser | null): MenuLink[] {
  return visibleMenu(user).flatMap((entry) =>
    (isGroup(entry) ? entry.children.map((link) => ({ ...link, icon: link.icon ?? entry.icon })) : [entry]).map((link) => ({
      ...link,
      label: findRoute(link.path)?.title ?? link.label,
    })),
  );
}
