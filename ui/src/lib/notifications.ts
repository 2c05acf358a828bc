//! The signed-in user's notifications (spec §9: F8 toggles the panel): the unread count, kept
//! fresh at start, every minute while the tab is visible and whenever the panel opens; the
//! panel's newest notifications, page by page; marking one or all read.
import { proxy } from 'valtio';
import type { Ok } from '../api/types';
import { endpoints } from '../paths';
import { api } from './api/client';
import { formatDateTime, formatTime } from './format';
import { currentUser } from './user';

export const NOTIFICATIONS_HOTKEY = 'F8';
export const COUNT_REFRESH_INTERVAL = 60_000;
export const PANEL_PAGE_SIZE = 10;

type NotificationPage = Ok<'users_notifications'>;

/** A row of `GET /api/users/{id}/notifications`; `read_at` and `link` absent (or null) when unset. */
export type Notification = NotificationPage['data'][number];

export const notifications = proxy({
  panelOpen: false,
  /** Unread notifications of the signed-in user. */
  unread: 0,
  /** When the count was last asked for (ms); 0 before the first time. */
  checkedAt: 0,
  /** The panel's list, newest first; null until it has loaded. */
  items: null as Notification[] | null,
  /** The last page the panel loaded. */
  lastPage: null as NotificationPage['meta'] | null,
  loading: false,
  failed: false,
});

export function toggleNotificationsPanel() {
  setPanelOpen(!notifications.panelOpen);
}

/** Opening the panel loads its newest notifications (and so the count) afresh. */
export function setPanelOpen(open: boolean) {
  if (open === notifications.panelOpen) return;
  notifications.panelOpen = open && currentUser.user !== null;
  if (notifications.panelOpen) void loadNotifications();
}

/** Another user (sign-in, sign-out, acting as someone): nothing of the last one stays. */
export function resetNotifications() {
  Object.assign(notifications, { panelOpen: false, unread: 0, checkedAt: 0, items: null, lastPage: null, loading: false, failed: false });
}

const listUrl = (userId: number) => `${endpoints.users}/${userId}/notifications`;

/** Asks for the unread count; a failure keeps the old one and says nothing (a background call). */
export async function refreshUnread(): Promise<void> {
  const user = currentUser.user;
  if (!user) return;
  notifications.checkedAt = Date.now();
  try {
    const { meta } = await api<NotificationPage>(listUrl(user.id), { query: { unread: 1, per_page: 1 }, silent: true });
    if (currentUser.user?.id === user.id) notifications.unread = meta.unread;
  } catch {
    // Next time, then.
  }
}

/** The panel's first page, or with `more` the next one after those shown. */
export async function loadNotifications(more = false): Promise<void> {
  const user = currentUser.user;
  if (!user || notifications.loading) return;
  const page = more && notifications.lastPage ? notifications.lastPage.current_page + 1 : 1;
  notifications.loading = true;
  notifications.failed = false;
  notifications.checkedAt = Date.now();
  try {
    const { data, meta } = await api<NotificationPage>(listUrl(user.id), { query: { page, per_page: PANEL_PAGE_SIZE } });
    if (currentUser.user?.id !== user.id) return;
    const shown = more ? (notifications.items ?? []) : [];
    notifications.items = [...shown, ...data.filter((item) => !shown.some((old) => old.id === item.id))];
    notifications.lastPage = meta;
    notifications.unread = meta.unread;
  } catch {
    notifications.failed = true;
  } finally {
    notifications.loading = false;
  }
}

export const hasMore = (lastPage: Pick<NotificationPage['meta'], 'current_page' | 'last_page'> | null) => lastPage !== null && lastPage.current_page < lastPage.last_page;

/** Marks one notification read (once); resolves when the server has it. The count drops only when
 * the server marked it: one opened while acting as its person stays unread. */
export async function markRead(item: Notification): Promise<void> {
  if (item.read_at) return;
  const { data } = await api<Ok<'notifications_read'>>(`${endpoints.notifications}/${item.id}/read`, { method: 'POST' });
  notifications.items = notifications.items?.map((old) => (old.id === data.id ? data : old)) ?? null;
  if (data.read_at) notifications.unread = Math.max(0, notifications.unread - 1);
}

/** «Прочитать все»: every notification of the user read, on the server and in the panel. */
export async function markAllRead(): Promise<void> {
  const user = currentUser.user;
  if (!user) return;
  await api<Ok<'users_notifications_check_all'>>(`${listUrl(user.id)}/check-all`, { method: 'POST' });
  const now = new Date().toISOString();
  notifications.items = notifications.items?.map((item) => (item.read_at ? item : { ...item, read_at: now })) ?? null;
  notifications.unread = 0;
}

/** Whether the count is old enough to ask again when the tab comes back into view. */
export const isStale = (checkedAt: number, now: number) => now - checkedAt >= COUNT_REFRESH_INTERVAL;

const visible = () => document.visibilityState === 'visible';

/**
 * Keeps the signed-in user's unread count fresh: now, every minute while the tab is visible,
 * and on coming back to the tab after a minute or more. Returns the stop function.
 */
export function watchUnread(): () => void {
  void refreshUnread();
  const timer = setInterval(() => {
    if (visible()) void refreshUnread();
  }, COUNT_REFRESH_INTERVAL);
  const onVisibility = () => {
    if (visible() && isStale(notifications.checkedAt, Date.now())) void refreshUnread();
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The bell's badge: hidden at 0, «99+» past 99. */
export const badgeText = (unread: number) => (unread <= 0 ? null : unread > 99 ? '99+' : String(unread));

/** The bell's name for screen readers, with the count when there is one. */
export const bellLabel = (unread: number) => (unread > 0 ? `Уведомления, непрочитанных: ${unread}` : 'Уведомления');

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** When a notification came: «только что», «5 мин назад», «сегодня в 10:15», «вчера в 10:15», else the date. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'только что';
  if (minutes < 60) return `${minutes} мин назад`;
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  if (days === 0) return `сегодня в ${formatTime(at)}`;
  if (days === 1) return `вчера в ${formatTime(at)}`;
  return formatDateTime(at);
}
