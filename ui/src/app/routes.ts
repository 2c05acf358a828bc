//! The route table: every page with its path, guards, layout and title (spec §2). A route is
//! listed once its page exists; every other path is the 404 page.
import type { ComponentType } from 'react';
import { paths } from '../paths';
import type { Scheme } from '../lib/theme';
import type { GuardName } from './guards';

export type LayoutName = 'default' | 'blank' | 'profile';

export interface PageRoute {
  path: string;
  title: string;
  guards: readonly GuardName[];
  layout: LayoutName;
  /** A colour scheme the page forces whatever the user chose. */
  scheme?: Scheme;
  page: () => Promise<{ default: ComponentType }>;
}

export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home, title: 'Главная', guards: ['auth'], layout: 'default', page: () => import('../features/home/HomePage') },
  { path: paths.help, title: 'Справка', guards: [], layout: 'default', page: () => import('../features/help/HelpPage') },
  { path: paths.settings, title: 'Настройки', guards: [], layout: 'default', page: () => import('../features/settings/SettingsPage') },
  { path: paths.settingsUi, title: 'Интерфейс', guards: [], layout: 'default', page: () => import('../features/settings/UiSettingsPage') },
];

export function findRoute(path: string): PageRoute | undefined {
  return pageRoutes.find((route) => route.path === path);
}
