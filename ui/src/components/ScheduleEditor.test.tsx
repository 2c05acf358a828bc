import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlotDraft } from '../lib/timetable';
import { ScheduleEditor } from './ScheduleEditor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
let latest: SlotDraft[] = [];

function Harness({ initial, clashes }: { initial: SlotDraft[]; clashes?: string[] }) {
  const [rows, setRows] = useState(initial);
  latest = rows;
  return <ScheduleEditor rows={rows} onChange={setRows} clashes={clashes} rowErrors={{}} />;
}

const render = async (initial: SlotDraft[], clashes?: string[]) => {
  await act(async () => root.render(<Harness initial={initial} clashes={clashes} />));
};
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent)?.includes(name))!;
const frame = () => act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('ScheduleEditor', () => {
  it('names the first five clashes and counts the rest', async () => {
    const clashes = Array.from({ length: 8 }, (_, week) => `${week + 1}.12.2026: Кабинет 12 занят: Физика, 16:30–17:30`);
    await render([{ weekday: 2, start: '16:00', duration: '60' }], clashes);
    expect(host.querySelectorAll('[role="alert"] li')).toHaveLength(5);
    expect(host.querySelector('.more-clashes')?.textContent).toBe('…и ещё 3 пересечения');
  });

  it('adds a row for the next day and puts the focus on its weekday', async () => {
    await render([{ weekday: 2, start: '16:00', duration: '60' }]);
    await act(async () => button('Добавить день').click());
    expect(latest).toEqual([
      { weekday: 2, start: '16:00', duration: '60' },
      { weekday: 3, start: '16:00', duration: '60' },
    ]);
    const selects = host.querySelectorAll('select');
    expect(document.activeElement).toBe(selects[1]);
    expect(host.querySelector('.schedule-words')?.textContent).toBe('По расписанию: вт, ср 16:00');
    expect((selects[1] as HTMLSelectElement).value).toBe('3');
  });

  it('removes a row named by its day and time; the focus goes to the row in its place, then to «Добавить»', async () => {
    await render([
      { weekday: 2, start: '16:00', duration: '60' },
      { weekday: 4, start: '17:00', duration: '45' },
    ]);
    await act(async () => button('Убрать занятие: вт 16:00').click());
    await frame();
    expect(latest).toEqual([{ weekday: 4, start: '17:00', duration: '45' }]);
    expect(document.activeElement).toBe(host.querySelector('select'));
    await act(async () => button('Убрать занятие: чт 17:00').click());
    await frame();
    expect(latest).toEqual([]);
    expect(document.activeElement).toBe(button('Добавить день'));
  });

  it('shows every clash the server reported under the rows', async () => {
    await render([{ weekday: 2, start: '16:00', duration: '60' }], ['Учитель Белов И. В. занят: Математика, 16:00–17:00, каб. 12', 'Кабинет 12 занят: Физика, 16:30–17:30']);
    const alert = host.querySelector('[role="alert"]')!;
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Учитель Белов И. В. занят: Математика, 16:00–17:00, каб. 12',
      'Кабинет 12 занят: Физика, 16:30–17:30',
    ]);
  });
});
