import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { upload } from '../../lib/api/upload';
import type { ImportReport } from './importCsv';
import ImportPage from './ImportPage';

vi.mock('../../lib/api/upload', () => ({ upload: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const report: ImportReport = {
  columns: ['Фамилия', 'Имя', 'Email'],
  rows: [{ row: 2, action: 'create', values: {}, changes: [], roles_added: ['student'], errors: [] }],
  rows_total: 1,
  created: 1,
  updated: 0,
  restored: 0,
  errors: [],
  warnings: [],
};

const sent = vi.mocked(upload);

/** A chosen CSV file with `text` (jsdom's files cannot be read as an ArrayBuffer: this one can, and counts its reads). */
function csvFile(text: string): File {
  const file = new File([text], 'people.csv', { type: 'text/csv' });
  file.arrayBuffer = vi.fn(async () => new TextEncoder().encode(text).buffer as ArrayBuffer);
  return file;
}

/** The text of a blob sent (jsdom's blobs have no `text()`). */
function textOf(blob: unknown): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob as Blob);
  });
}
let root: Root;
let host: HTMLElement;

async function render() {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <ImportPage />
      </MemoryRouter>,
    ),
  );
}

/** Chooses `file` in the page's file input; returns whether the input was emptied after. */
async function choose(file: File): Promise<boolean> {
  const input = host.querySelector<HTMLInputElement>('input[type="file"]')!;
  let emptied = false;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  Object.defineProperty(input, 'value', {
    configurable: true,
    get: () => (emptied ? '' : 'C:\\fakepath\\people.csv'),
    set: (value: string) => {
      emptied = value === '';
    },
  });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await vi.waitFor(() => expect(host.querySelector('.import-drop b')?.textContent).toBe(file.name));
  return emptied;
}

const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text)!;

async function click(text: string) {
  await act(async () => button(text).click());
}

/** The `file` field of each upload sent so far. */
const sentFiles = () => sent.mock.calls.map(([, fields]) => fields.file);

beforeEach(() => sent.mockReset());
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('import page', () => {
  it('reads the file once and sends those bytes to the check and the write', async () => {
    sent.mockResolvedValue({ data: report });
    await render();
    const file = csvFile('Фамилия;Имя;Email\nИванов;Иван;i@s.ru\n');
    expect(await choose(file)).toBe(true);

    await click('Проверить');
    await vi.waitFor(() => expect(button('Импортировать').disabled).toBe(false));
    await click('Импортировать');
    await vi.waitFor(() => expect(host.querySelector('.import-done')).not.toBeNull());

    const [checked, written] = sentFiles();
    expect(file.arrayBuffer).toHaveBeenCalledTimes(1);
    expect(checked).not.toBe(file);
    expect(written).toBe(checked);
    expect(await textOf(checked)).toBe('Фамилия;Имя;Email\nИванов;Иван;i@s.ru\n');
    expect((checked as Blob).type).toBe('text/csv');
    expect(sent.mock.calls.map(([, fields]) => fields.dry_run)).toEqual(['1', '0']);
  });

  it('clears a finished import when the next check starts', async () => {
    sent.mockResolvedValue({ data: report });
    await render();
    await choose(csvFile('a'));
    await click('Проверить');
    await vi.waitFor(() => expect(button('Импортировать').disabled).toBe(false));
    await click('Импортировать');
    await vi.waitFor(() => expect(host.querySelector('.import-done')?.textContent).toContain('Импорт завершён'));

    let answer = (_: unknown) => undefined as void;
    sent.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await click('Проверить');
    expect(host.querySelector('.import-done')).toBeNull();
    expect(host.querySelector('.import-progress')).not.toBeNull();
    await act(async () => answer({ data: report }));
    expect(host.querySelector('.import-done')).toBeNull();
    expect(host.querySelector('.import-summary')?.textContent).toContain('будет создано: 1');
  });

  it('takes the same file chosen again as a new choice', async () => {
    sent.mockResolvedValue({ data: report });
    await render();
    await choose(csvFile('a'));
    await click('Проверить');
    await vi.waitFor(() => expect(button('Импортировать').disabled).toBe(false));

    const again = csvFile('b');
    expect(await choose(again)).toBe(true);
    expect(button('Импортировать').disabled).toBe(true);
    await click('Проверить');
    expect(await textOf(sentFiles()[1])).toBe('b');
  });
});
