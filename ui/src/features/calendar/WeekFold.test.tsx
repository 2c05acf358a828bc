import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mounted } from '../../test/mounted';
import type { Entry } from './calendar';
import { CalendarView } from './CalendarView';
import type { View } from './dates';

const screen = mounted();
const DAY = '2026-11-24';
const SUBJECTS = ['Химия', 'История', 'Программирование', 'Английский язык'];

/** A lesson on `DAY` at 16:00–17:00. */
const lesson = (id: number, title: string): Entry => ({
  id,
  kind: 'lesson',
  title,
  color: 'green',
  starts_at: `${DAY}T16:00:00+03:00`,
  ends_at: `${DAY}T17:00:00+03:00`,
  all_day: false,
  room: `Каб. ${id}`,
  status: 'planned',
  cancel_reason: '',
  topic: '',
});

/** The calendar with its view and day kept in state, as the page keeps them in the address. */
function Calendar() {
  const [period, setPeriod] = useState<{ view: View; anchor: string }>({ view: 'week', anchor: DAY });
  return <CalendarView {...period} scope={{ userId: null, room: '' }} editable={false} onNavigate={(change) => setPeriod((was) => ({ ...was, ...change }))} />;
}

beforeEach(() => {
  const data = SUBJECTS.map((title, i) => lesson(i + 1, title));
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data }))));
});
afterEach(() => vi.unstubAllGlobals());

describe('four lessons at the same hour in the week view', () => {
  it('show the first beside «+3», which opens the day with all four side by side', async () => {
    await act(async () => screen.render(<Calendar />));
    const column = screen.host.querySelector(`.cal-col[data-day="${DAY}"]`)!;
    expect([...column.querySelectorAll('.cal-entry')].map((entry) => entry.textContent)).toEqual(['16:00 Химия']);
    const more = column.querySelector<HTMLButtonElement>('button.cal-fold')!;
    expect(more.textContent).toBe('+3');
    expect(more.getAttribute('aria-label')).toBe('Ещё 3 занятия — открыть день');
    expect(more.title.split('\n')).toEqual(['История, 16:00–17:00, Каб. 2', 'Программирование, 16:00–17:00, Каб. 3', 'Английский язык, 16:00–17:00, Каб. 4']);

    await act(async () => more.click());
    expect(screen.host.querySelector('.cal-body')?.getAttribute('data-view')).toBe('day');
    expect([...screen.host.querySelectorAll('.cal-col')].map((col) => col.getAttribute('data-day'))).toEqual([DAY]);
    expect([...screen.host.querySelectorAll('.cal-col .cal-entry-title')].map((title) => title.textContent)).toEqual(SUBJECTS);
    expect(screen.host.querySelector('.cal-fold')).toBeNull();
  });
});
