import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import type { Entry } from './calendar';
import { countWords, ListedDay } from './MonthDay';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NBSP = '\u00a0';

function entry(id: number): Entry {
  return {
    kind: 'lesson',
    id,
    title: 'Математика',
    color: 'blue',
    starts_at: `2026-11-23T1${id % 10}:00:00+03:00`,
    ends_at: `2026-11-23T1${id % 10}:45:00+03:00`,
    all_day: false,
    room: '',
    status: 'planned',
    cancel_reason: '',
    topic: '',
    subject_id: 1,
    group_id: null,
    teacher_id: 7,
    student_ids: [],
  };
}

function listed(count: number) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  const openDay = vi.fn();
  const entries = Array.from({ length: count }, (_, i) => entry(i + 1));
  act(() => root.render(<ListedDay day="2026-11-23" entries={entries} editable={false} onOpenEntry={() => undefined} onOpenDay={openDay} />));
  const shown = host.querySelectorAll('.cal-entry').length;
  const more = host.querySelector<HTMLButtonElement>('.cal-more');
  const result = { shown, more: more?.textContent ?? null, label: more?.getAttribute('aria-label') ?? null };
  more?.click();
  act(() => root.unmount());
  host.remove();
  return { ...result, opened: openDay.mock.calls.length };
}

describe('a day of the month view', () => {
  it('lists up to four entries, and three with «ещё N» opening the day when there are more', () => {
    expect(listed(4)).toEqual({ shown: 4, more: null, label: null, opened: 0 });
    expect(listed(5)).toEqual({ shown: 3, more: 'ещё 2', label: '23.11.2026: ещё 2 записи', opened: 1 });
    expect(listed(26)).toEqual({ shown: 3, more: 'ещё 23', label: '23.11.2026: ещё 23 записи', opened: 1 });
  });

  it('counts a day in words, naming only what it has', () => {
    expect(countWords({ date: '2026-11-23', lessons: 1_234, cancelled: 3, events: 1 })).toBe(`1${NBSP}234 занятия, отменено: 3, 1 событие`);
    expect(countWords({ date: '2026-11-23', lessons: 87, cancelled: 0, events: 0 })).toBe('87 занятий');
    expect(countWords({ date: '2026-11-23', lessons: 0, cancelled: 2, events: 5 })).toBe('отменено: 2, 5 событий');
  });
});
