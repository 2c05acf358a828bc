import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../lib/person';
import { PeoplePicker, PersonField } from './PeoplePicker';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const person = (id: number, full_name: string) => ({ id, full_name, email: `${id}@demo.klass` }) as UserView;
const marina = person(12, 'Иванова Марина');
const pavel = person(13, 'Фёдоров Павел');
const self = person(7, 'Иванов Артём');

let root: Root;
let host: HTMLElement;
let fetchMock: ReturnType<typeof vi.fn>;
const onChange = vi.fn();

const type = async (text: string) => {
  const input = host.querySelector<HTMLInputElement>('input[type="search"]')!;
  await act(async () => {
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => vi.advanceTimersByTime(300));
};

const buttons = () => [...host.querySelectorAll<HTMLButtonElement>('.picker-results button')].map((b) => b.textContent);

beforeEach(async () => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [self, marina, pavel], meta: { current_page: 1, last_page: 1, per_page: 8, total: 3, from: 1, to: 3 } })));
  vi.stubGlobal('fetch', fetchMock);
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => root.render(<PeoplePicker role="parent" selfId={7} chosen={[pavel]} onChange={onChange} />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onChange.mockReset();
});

describe('PeoplePicker', () => {
  it('searches parents and offers neither the user himself nor the chosen', async () => {
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users?roles%5B%5D=parent&per_page=8');
    expect(buttons()).toEqual(['+ Иванова Марина 12@demo.klass']);
    const input = host.querySelector<HTMLInputElement>('input[type="search"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'иванова ');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => vi.advanceTimersByTime(300));
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/users?roles%5B%5D=parent&search=${encodeURIComponent('иванова')}&per_page=8`);
  });

  it('adds a found person after the chosen ones and takes a chosen one off', async () => {
    await act(async () => host.querySelector<HTMLButtonElement>('.picker-results button')!.click());
    expect(onChange).toHaveBeenLastCalledWith([pavel, marina]);
    await act(async () => host.querySelector<HTMLButtonElement>('[aria-label="Убрать: Фёдоров Павел"]')!.click());
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});

describe('PersonField', () => {
  const render = (person: UserView | { id: number } | null) => act(async () => root.render(<PersonField person={person} onChange={onChange} label="Человек" />));

  it('asks nobody until something is typed, then offers anyone found (no «+»)', async () => {
    fetchMock.mockClear();
    await render(null);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(host.querySelector('.picker-results')).toBeNull();
    await type('иван');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/users?search=${encodeURIComponent('иван')}&per_page=8`);
    expect(buttons()).toEqual(['Иванов Артём 7@demo.klass', 'Иванова Марина 12@demo.klass', 'Фёдоров Павел 13@demo.klass']);
    await act(async () => host.querySelector<HTMLButtonElement>('.picker-results button')!.click());
    expect(onChange).toHaveBeenLastCalledWith(self);
  });

  it('searches people holding any of several roles (a worker giving a task: staff)', async () => {
    await act(async () => root.render(<PersonField person={null} onChange={onChange} label="Кому" role={['manager', 'worker']} />));
    await type('иван');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe(`/api/users?roles%5B%5D=manager&roles%5B%5D=worker&search=${encodeURIComponent('иван')}&per_page=8`);
  });

  it('shows the chosen person (a number while the name loads) with a way to take them off', async () => {
    await render({ id: 12 });
    expect(host.querySelector('.person-chosen')?.textContent).toContain('№12');
    await render(marina);
    const remove = host.querySelector<HTMLButtonElement>('[aria-label="Человек: Иванова Марина. Убрать"]')!;
    await act(async () => remove.click());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
