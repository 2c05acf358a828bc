import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToast, closeToast, pauseToast, resumeToast, toasts, TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
  toasts.items = [];
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('has the constants of spec §9', () => {
    expect([TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_DURATION]).toEqual([5, 200, 5000]);
    expect(toasts.position).toBe('bottom-right');
    expect(toasts.spacing).toBe(16);
    expect(toasts.expanded).toBe(true);
  });

  it('shows only the 5 newest', () => {
    for (let i = 1; i <= 7; i++) addToast({ title: `Toast ${i}` });
    expect(toasts.items.map((t) => t.title)).toEqual(['Toast 3', 'Toast 4', 'Toast 5', 'Toast 6', 'Toast 7']);
  });

  it('removes a closed toast 200 ms later', () => {
    const id = addToast({ title: 'Сохранено' });
    closeToast(id);
    expect(toasts.items[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(toasts.items).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.items).toHaveLength(0);
  });

  it('closes by itself after 5000 ms by default, or the given duration', () => {
    addToast({ title: 'a' });
    addToast({ title: 'b', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(toasts.items.map((t) => [t.title, t.open])).toEqual([['a', true], ['b', false]]);
    vi.advanceTimersByTime(4000);
    expect(toasts.items.find((t) => t.title === 'a')?.open).toBe(false);
  });

  it('stays while paused and finishes its time after', () => {
    const id = addToast({ title: 'a' });
    vi.advanceTimersByTime(3000);
    pauseToast(id);
    vi.advanceTimersByTime(10_000);
    expect(toasts.items[0]?.open).toBe(true);
    resumeToast(id);
    vi.advanceTimersByTime(1999);
    expect(toasts.items[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toasts.items[0]?.open).toBe(false);
  });

  it('keeps a toast with duration 0 until closed', () => {
    addToast({ title: 'a', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(toasts.items[0]?.open).toBe(true);
  });

  it('merges an identical open toast into one with a count and a fresh countdown', () => {
    const first = addToast({ title: 'Нет прав', description: 'Отсутствуют', color: 'error' });
    vi.advanceTimersByTime(4000);
    const again = addToast({ title: 'Нет прав', description: 'Отсутствуют', color: 'error' });
    addToast({ title: 'Нет прав', description: 'Отсутствуют', color: 'error' });
    expect(again).toBe(first);
    expect(toasts.items.map((t) => [t.title, t.count])).toEqual([['Нет прав', 3]]);
    vi.advanceTimersByTime(TOAST_DURATION - 1);
    expect(toasts.items[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toasts.items[0]?.open).toBe(false);
  });

  it('keeps different toasts, toasts with actions and closed ones apart', () => {
    const closed = addToast({ title: 'a' });
    closeToast(closed);
    addToast({ title: 'a' });
    addToast({ title: 'a', color: 'error' });
    addToast({ title: 'a', description: 'другое' });
    const action = { label: 'Повторить', onClick: () => undefined };
    addToast({ title: 'b', actions: [action] });
    addToast({ title: 'b', actions: [action] });
    expect(toasts.items.map((t) => t.count)).toEqual([1, 1, 1, 1, 1]);
  });
});
