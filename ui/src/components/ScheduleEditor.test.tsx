import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SlotDraft } from '../lib/timetable';
import { mounted } from '../test/mounted';
import { ScheduleEditor } from './ScheduleEditor';

const screen = mounted();
let latest: SlotDraft[] = [];

function Harness({ initial, clashes }: { initial: SlotDraft[]; clashes?: string[] }) {
  const [rows, setRows] = useState(initial);
  latest = rows;
  return <ScheduleEditor rows={rows} onChange={setRows} clashes={clashes} rowErrors={{}} />;
}

const render = async (initial: SlotDraft[], clashes?: string[]) => {
  await act(async () => screen.root.render(<Harness initial={initial} clashes={clashes} />));
};
const button = (name: string) => [...screen.host.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent)?.includes(name))!;
const frame = () => act(async () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('ScheduleEditor', () => {
  it('names the first five clashes and counts the rest', async () => {
    const clashes = Array.from({ length: 8 }, (_, week) => `${week + 1}.12.2026: Кабинет 12 занят: Физика, 16:30–17:30`);
    await render([{ weekday: 2, start: '16:00', duration: '60' }], clashes);
    expect(screen.host.querySelectorAll('[role="alert"] li')).toHaveLength(5);
    expect(screen.host.querySelector('.more-clashes')?.textContent).toBe('…и ещё 3 пересечения');
  });

  it('adds a row for the next day and puts the focus on its weekday', async () => {
    await render([{ weekday: 2, start: '16:00', duration: '60' }]);
    await act(async () => button('Добавить день').click());
    expect(latest).toEqual([
      { weekday: 2, start: '16:00', duration: '60' },
      { weekday: 3, start: '16:00', duration: '60' },
    ]);
    const selects = screen.host.querySelectorAll('select');
    expect(document.activeElement).toBe(selects[1]);
    expect(screen.host.querySelector('.schedule-words')?.textContent).toBe('По расписанию: вт, ср 16:00');
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
    expect(document.activeElement).toBe(screen.host.querySelector('select'));
    await act(async () => button('Убрать занятие: чт 17:00').click());
    await frame();
    expect(latest).toEqual([]);
    expect(document.activeElement).toBe(button('Добавить день'));
  });

  it('shows every clash the server reported under the rows', async () => {
    await render([{ weekday: 2, start: '16:00', duration: '60' }], ['Учитель Белов И. В. занят: Математика, 16:00–17:00, каб. 12', 'Кабинет 12 занят: Физика, 16:30–17:30']);
    const alert = screen.host.querySelector('[role="alert"]')!;
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Учитель Белов И. В. занят: Математика, 16:00–17:00, каб. 12',
      'Кабинет 12 занят: Физика, 16:30–17:30',
    ]);
  });
});
