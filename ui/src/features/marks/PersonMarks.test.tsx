import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../lib/toasts';
import { mounted } from '../../test/mounted';
import { PersonMarks } from './PersonMarks';

const marks = {
  user_id: 7,
  period: { name: '2 четверть', from: '2026-11-05', to: '2026-12-28' },
  subjects: [
    {
      subject_id: 5,
      subject_name: 'Русский язык',
      marks: [
        { id: 90, value: 4, kind: 'test', weight: 2, date: '2026-11-12', teacher_id: 2, comment: '' },
        { id: 91, value: 5, kind: 'lesson', weight: 1, date: '2026-11-19', teacher_id: 2, comment: 'Диктант' },
      ],
      average: 4.33,
      term_mark: null,
    },
  ],
};

const screen = mounted();
const text = () => (screen.host.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const answer = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status })));
const show = async () => {
  screen.render(<PersonMarks userId={7} from="2026-11-05" to="2026-12-28" />);
  await act(() => new Promise((done) => setTimeout(done, 10)));
  expect(screen.host.querySelector('[aria-busy="true"]')).toBeNull();
};

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  toasts.items = [];
});

describe('PersonMarks', () => {
  it('tells a mark’s date and kind on a tap, and hides them on a second', async () => {
    answer(200, { data: marks });
    await show();
    const [test] = screen.host.querySelectorAll<HTMLButtonElement>('.mark-button');
    expect(test!.getAttribute('aria-label')).toBe('Оценка 4 за контрольную, вес 2');
    expect(screen.host.querySelector('.mark-about')).toBeNull();
    act(() => test!.click());
    expect(test!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.host.querySelector('.mark-about')?.textContent).toBe('12.11.2026 · Оценка 4 за контрольную, вес 2');
    act(() => test!.click());
    expect(screen.host.querySelector('.mark-about')).toBeNull();
    expect(text()).toContain('нажмите на оценку, чтобы увидеть её дату и вид');
  });

  it('says a refusal in the server’s words, with no «Повторить» and no toast', async () => {
    answer(403, { message: 'Журнал этого ученика Вам недоступен' });
    await show();
    expect(text()).toBe('Журнал этого ученика Вам недоступен');
    expect(screen.host.querySelector('button')).toBeNull();
    expect(toasts.items).toEqual([]);
  });

  it('offers «Повторить» when the marks did not load for another reason', async () => {
    answer(500, { message: 'Server Error' });
    await show();
    expect(text()).toContain('Не удалось загрузить оценки.');
    expect(screen.host.querySelector('button')?.textContent).toBe('Повторить');
  });
});
