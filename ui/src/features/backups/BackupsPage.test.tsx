import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackupCopy, BackupsView } from './backups';
import { copyUrl } from './backups';
import BackupsPage from './BackupsPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The server writes times with the school's offset (Moscow here): the page shows that clock,
// whatever the zone of the browser that runs the test.
const copy: BackupCopy = {
  name: 'klass-2026-11-23-030000.tar.gz',
  created_at: '2026-11-23T03:00:00+03:00',
  size: 3_565_158,
  size_text: '3,4 МБ',
  klass_version: '1.0.0',
  schema_version: 19,
  records: 1234,
  status: 'verified',
  status_text: 'Проверена 23.11.2026 04:10',
};
const idle: BackupsView = {
  data: [copy, { ...copy, name: 'klass-broken.tar.gz', created_at: null, klass_version: null, schema_version: null, records: null, status: 'damaged', status_text: 'Нет описания копии' }],
  running: null,
  last_failure: { at: '2026-11-22T03:00:05+03:00', message: 'На диске закончилось место' },
  schedule: 'Каждую ночь в 03:00',
};

let root: Root;
let host: HTMLElement;

async function render(view: BackupsView) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(view), { status: 200 })));
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => root.render(<BackupsPage />));
  await vi.waitFor(() => expect(host.querySelector('[aria-busy="true"]:not(button)')).toBeNull());
}

const cells = (row: Element) =>
  Object.fromEntries([...row.querySelectorAll('td')].map((cell) => [cell.dataset.label, cell.textContent]));

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('backups page', () => {
  it('shows each copy with its time on the school clock, in the shared format', async () => {
    await render(idle);
    const [sound, broken] = host.querySelectorAll('.backups-table tbody tr');
    expect(cells(sound)).toMatchObject({
      Сделана: '23.11.2026 03:00',
      Размер: '3,4 МБ',
      Версия: '1.0.0 (схема 19)',
      Состояние: 'Проверена 23.11.2026 04:10',
    });
    expect(sound.querySelector('a')?.getAttribute('href')).toBe(copyUrl(copy.name));
    expect(cells(broken)).toMatchObject({ Сделана: '—', Версия: '—', Записей: '—', Состояние: 'Нет описания копии' });
    expect(host.querySelector('.backups-failure')?.textContent).toBe('22.11.2026 03:00: На диске закончилось место');
    expect(host.querySelector('progress')).toBeNull();
  });

  it('shows the progress of a copy being made, and no old failure meanwhile', async () => {
    await render({ ...idle, running: { step: 'Копирование таблиц', percent: 40 } });
    const progress = host.querySelector<HTMLProgressElement>('.backups-progress progress');
    expect(progress?.getAttribute('aria-label')).toBe('Ход копирования');
    expect(progress?.value).toBe(40);
    expect(host.querySelector('.backups-progress')?.textContent).toBe('Копирование таблиц: 40%');
    expect(host.querySelector('button')?.disabled).toBe(true);
    expect(host.querySelector('.backups-failure')).toBeNull();
  });

  it('keeps asking how a copy goes when some answers are lost, and then shows the copy made', async () => {
    const answers = [
      () => new Response(JSON.stringify({ ...idle, data: [], running: { step: 'Копирование таблиц', percent: 10 } })),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response(JSON.stringify({ ...idle, last_failure: null })),
    ];
    let asked = 0;
    vi.stubGlobal('fetch', vi.fn(async () => answers[Math.min(asked++, answers.length - 1)]()));
    host = document.body.appendChild(document.createElement('div'));
    root = createRoot(host);
    await act(async () => root.render(<BackupsPage />));
    await vi.waitFor(() => expect(host.querySelector('progress')).not.toBeNull());
    await vi.waitFor(() => expect(host.querySelectorAll('.backups-table tbody tr')).toHaveLength(2), { timeout: 5000 });
    expect(host.querySelector('progress')).toBeNull();
    expect(host.querySelector('button')?.disabled).toBe(false);
  });

  it('says how to check a copy and how to restore the school from it', async () => {
    await render(idle);
    const help = host.querySelector('details.backups-help');
    expect(help?.querySelector('summary')?.textContent).toBe('Как проверить копию и восстановить из неё школу');
    const commands = [...(help?.querySelectorAll('code') ?? [])].map((code) => code.textContent);
    expect(commands).toEqual([
      'klass backup verify ФАЙЛ_КОПИИ',
      'systemctl stop klass',
      'klass backup restore ФАЙЛ_КОПИИ',
      'klass.redb.before-restore-…',
    ]);
  });

  it('does not say there are no copies when the failure shown may hide them', async () => {
    await render({ ...idle, data: [] });
    expect(host.querySelector('.empty-state')?.textContent).toBe('Копий не найдено: см. ошибку выше.');
    act(() => root.unmount());
    host.remove();
    await render({ ...idle, data: [], last_failure: null });
    expect(host.querySelector('.empty-state')?.textContent).toBe('Копий пока нет.');
  });
});
