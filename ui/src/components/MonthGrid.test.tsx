import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { FirstOfDay } from './MonthGrid';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What a day of `count` items shows: how many items, «ещё N» and its label; and whether a press on it opened the day. */
function firstOf(count: number) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  const onMore = vi.fn();
  const items = Array.from({ length: count }, (_, i) => i + 1);
  act(() => root.render(<FirstOfDay day="2026-11-23" items={items} render={(n) => <i key={n} />} onMore={onMore} />));
  const more = host.querySelector<HTMLButtonElement>('.cal-more');
  const seen = { shown: host.querySelectorAll('i').length, more: more?.textContent ?? null, label: more?.getAttribute('aria-label') ?? null };
  more?.click();
  act(() => root.unmount());
  host.remove();
  return { ...seen, opened: onMore.mock.calls.length };
}

describe('a day of a month', () => {
  it('lists up to four items, and three with «ещё N» opening the day when there are more', () => {
    expect(firstOf(0)).toEqual({ shown: 0, more: null, label: null, opened: 0 });
    expect(firstOf(4)).toEqual({ shown: 4, more: null, label: null, opened: 0 });
    expect(firstOf(5)).toEqual({ shown: 3, more: 'ещё 2', label: '23.11.2026: ещё 2 записи', opened: 1 });
    expect(firstOf(26)).toEqual({ shown: 3, more: 'ещё 23', label: '23.11.2026: ещё 23 записи', opened: 1 });
  });
});
