import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '../lib/api/request';
import type { ListView } from '../lib/useListPage';
import { mounted } from '../test/mounted';
import { ListResults } from './ListResults';

const screen = mounted();
const host = () => screen.host;

/** A list view showing `page`, with `turn` and `clear` to watch. */
function viewOf(page: Page<string>, filtered = false) {
  const turn = vi.fn();
  const clear = vi.fn();
  const view = {
    filters: { page: page.meta.current_page },
    list: { page, loading: false, failed: false, reload: () => {} },
    filtered,
    sizes: null,
    size: null,
    sort: null,
    turn,
    resize: () => {},
    order: () => {},
    update: () => {},
    clear,
  } as unknown as ListView<string, Record<string, never>>;
  return { view, turn, clear };
}

const meta = (current: number, last: number, total: number, rows: number) => ({
  current_page: current,
  last_page: last,
  per_page: 50,
  total,
  from: rows ? (current - 1) * 50 + 1 : undefined,
  to: rows ? (current - 1) * 50 + rows : undefined,
});

function show(page: Page<string>, filtered = false) {
  const watched = viewOf(page, filtered);
  screen.render(
    <ListResults view={watched.view} what="должников" empty={<p>Должников нет.</p>}>
      {(rows) => <ul>{rows.map((row) => <li key={row}>{row}</li>)}</ul>}
    </ListResults>,
  );
  return watched;
}

describe('the body of a list', () => {
  it('shows the rows with where the page stands', () => {
    show({ data: ['Иванов', 'Петров'], meta: meta(1, 1, 2, 2) });
    expect(host().textContent).toContain('Показаны 1–2 из 2');
    expect(host().querySelectorAll('li')).toHaveLength(2);
  });

  it('tells an empty list from one the filters empty', () => {
    show({ data: [], meta: meta(1, 1, 0, 0) });
    expect(host().textContent).toBe('Должников нет.');
    const { clear } = show({ data: [], meta: meta(1, 1, 0, 0) }, true);
    expect(host().textContent).toContain('Ничего не найдено по заданным условиям.');
    act(() => host().querySelector('button')!.click());
    expect(clear).toHaveBeenCalled();
  });

  it('does not call a page past the end an empty list, and leads to the last page', () => {
    const { turn } = show({ data: [], meta: meta(9, 2, 75, 0) });
    expect(host().textContent).toContain('Страницы 9 в списке нет, последняя — 2.');
    expect(host().textContent).not.toContain('Должников нет');
    const button = host().querySelector('button')!;
    expect(button.textContent).toBe('Перейти на страницу 2');
    act(() => button.click());
    expect(turn).toHaveBeenCalledWith(2);
  });
});
