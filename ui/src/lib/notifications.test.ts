import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  badgeText,
  bellLabel,
  COUNT_REFRESH_INTERVAL,
  formatWhen,
  hasMore,
  isStale,
  loadNotifications,
  markAllRead,
  markRead,
  notifications,
  resetNotifications,
  setPanelOpen,
  toggleNotificationsPanel,
  watchUnread,
  type Notification,
} from './notifications';
import { setCurrentUser } from './user';
import { aUser } from '../test/user';

const meta = (unread: number, current_page = 1, last_page = 1) => ({ current_page, last_page, per_page: 10, total: 12, from: 1, to: 10, unread });
/** What the server sends for an empty field the schema calls optional. */
const NULL = null as unknown as undefined;

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'account_used',
  kind_title: 'Вход в учётную запись',
  title: `Уведомление ${id}`,
  body: 'Текст',
  link: NULL,
  created_at: '2026-11-22T10:00:00Z',
  read_at: read ? '2026-11-22T11:00:00Z' : NULL,
});

let fetchMock: ReturnType<typeof vi.fn>;
let visibility: DocumentVisibilityState;
const urls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url as string}`);
const counts = () => urls().filter((u) => u.includes('unread=1')).length;

function answer(body: unknown) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status: 200 }));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  answer({ data: [], meta: meta(3) });
  document.cookie = 'XSRF-TOKEN=t; path=/';
  resetNotifications();
  setCurrentUser(aUser(['parent'], { email: 'a@demo.klass' }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the unread count', () => {
  it('is asked for at once, then every minute while the tab is visible', async () => {
    const stop = watchUnread();
    await vi.advanceTimersByTimeAsync(0);
    expect(urls()).toEqual(['GET /api/users/7/notifications?unread=1&per_page=1']);
    expect(notifications.unread).toBe(3);
    await vi.advanceTimersByTimeAsync(COUNT_REFRESH_INTERVAL);
    expect(counts()).toBe(2);
    visibility = 'hidden';
    await vi.advanceTimersByTimeAsync(3 * COUNT_REFRESH_INTERVAL);
    expect(counts()).toBe(2);
    stop();
  });

  it('is asked for on coming back to the tab only when a minute has passed', async () => {
    const stop = watchUnread();
    await vi.advanceTimersByTimeAsync(0);
    visibility = 'hidden';
    await vi.advanceTimersByTimeAsync(20_000);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(counts()).toBe(1);
    visibility = 'hidden';
    await vi.advanceTimersByTimeAsync(COUNT_REFRESH_INTERVAL);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(counts()).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(5 * COUNT_REFRESH_INTERVAL);
    expect(counts()).toBe(2);
  });

  it('is stale after a minute', () => {
    expect(isStale(1_000, 1_000 + COUNT_REFRESH_INTERVAL - 1)).toBe(false);
    expect(isStale(1_000, 1_000 + COUNT_REFRESH_INTERVAL)).toBe(true);
  });

  it('shows on the bell, hidden at nought', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
    expect(bellLabel(0)).toBe('Уведомления');
    expect(bellLabel(4)).toBe('Уведомления, непрочитанных: 4');
  });
});

describe('the panel', () => {
  it('loads the newest notifications, and the count with them, when it opens', async () => {
    answer({ data: [note(2), note(1, true)], meta: meta(1, 1, 2) });
    toggleNotificationsPanel();
    await vi.advanceTimersByTimeAsync(0);
    expect(notifications.panelOpen).toBe(true);
    expect(urls()).toEqual(['GET /api/users/7/notifications?page=1&per_page=10']);
    expect(notifications.items?.map((n) => n.id)).toEqual([2, 1]);
    expect(notifications.unread).toBe(1);
    expect(hasMore(notifications.lastPage)).toBe(true);

    answer({ data: [note(1, true), note(0)], meta: meta(1, 2, 2) });
    await loadNotifications(true);
    expect(urls().at(-1)).toBe('GET /api/users/7/notifications?page=2&per_page=10');
    expect(notifications.items?.map((n) => n.id)).toEqual([2, 1, 0]);
    expect(hasMore(notifications.lastPage)).toBe(false);
  });

  it('does not open for a signed-out visitor', () => {
    setCurrentUser(null);
    setPanelOpen(true);
    expect(notifications.panelOpen).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks one read, and then all', async () => {
    notifications.items = [note(2), note(1)];
    notifications.unread = 2;
    answer({ data: { ...note(2), read_at: '2026-11-22T12:00:00Z' } });
    await markRead(notifications.items[0]!);
    expect(urls()).toEqual(['POST /api/notifications/2/read']);
    expect(notifications.unread).toBe(1);
    expect(notifications.items.map((n) => Boolean(n.read_at))).toEqual([true, false]);
    await markRead(notifications.items[0]!);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer({ data: { marked: 1 } });
    await markAllRead();
    expect(urls().at(-1)).toBe('POST /api/users/7/notifications/check-all');
    expect(notifications.unread).toBe(0);
    expect(notifications.items.every((n) => n.read_at)).toBe(true);
  });

  it('keeps the count when the server leaves one unread (a manager acting as the person)', async () => {
    notifications.items = [note(2)];
    notifications.unread = 1;
    answer({ data: note(2) });
    await markRead(notifications.items[0]!);
    expect(notifications.unread).toBe(1);
    expect(notifications.items[0]!.read_at).toBeFalsy();
  });
});

describe('when a notification came', () => {
  const now = new Date(2026, 10, 22, 15, 30);
  it('says minutes ago within the hour, else the day and time', () => {
    expect(formatWhen(new Date(2026, 10, 22, 15, 29, 40).toISOString(), now)).toBe('только что');
    expect(formatWhen(new Date(2026, 10, 22, 15, 5).toISOString(), now)).toBe('25 мин назад');
    expect(formatWhen(new Date(2026, 10, 22, 9, 15).toISOString(), now)).toBe('сегодня в 09:15');
    expect(formatWhen(new Date(2026, 10, 21, 23, 50).toISOString(), now)).toBe('вчера в 23:50');
    expect(formatWhen(new Date(2026, 10, 2, 8, 0).toISOString(), now)).toBe('02.11.2026 08:00');
  });
});
