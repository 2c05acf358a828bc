import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupJournal } from '../lib/journalGrid';
import { ApiError } from '../lib/api/client';
import { JournalGrid, refusal } from './JournalGrid';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const journal = (marks: { id: number; value: number; kind: 'lesson'; weight: number }[], average: number | null): GroupJournal => ({
  group_id: 3,
  group_name: 'Русский язык 9',
  subject_id: 5,
  subject_name: 'Русский язык',
  period: { name: '2 четверть', from: '2026-11-05', to: '2026-12-28' },
  students: [
    { id: 7, name: 'Иванова Анна Петровна' },
    { id: 8, name: 'Петров Борис Ильич' },
  ],
  lessons: [
    { id: 21, starts_at: '2026-11-12T16:00:00+03:00', status: 'done', topic: 'Причастия', group_id: 3, student_ids: [7, 8] },
    { id: 22, starts_at: '2026-11-19T16:00:00+03:00', status: 'done', topic: '', group_id: 3, student_ids: [7, 8] },
  ],
  cells: [
    { student_id: 7, lesson_id: 21, status: 'unexcused', marks: [] },
    { student_id: 8, lesson_id: 22, status: 'late', marks },
  ],
  averages: [{ student_id: 8, average, term_mark: average === null ? null : 5 }],
});

let root: Root;
let host: HTMLElement;
let answers: GroupJournal[];
let refuse: Response | null;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  answers = [journal([], null), journal([{ id: 90, value: 4, kind: 'lesson', weight: 1 }], 4.5)];
  refuse = null;
  let reads = 0;
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return refuse ?? new Response(JSON.stringify({ data: { id: 90 } }), { status: 201 });
    return new Response(JSON.stringify({ data: answers[Math.min(reads++, answers.length - 1)] }));
  });
  vi.stubGlobal('fetch', fetchMock);
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <JournalGrid source={{ kind: 'group', id: 3 }} from="2026-11-05" to="2026-12-28" editable />
      </MemoryRouter>,
    ),);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const cell = (row: number, col: number) => host.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`)!;
const press = async (target: HTMLElement, key: string) => {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
};

describe('JournalGrid', () => {
  it('shows students against lesson dates, letters with titles that agree with the student, and the legend', () => {
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/group-lessons/3/journal?from=2026-11-05&to=2026-12-28');
    expect([...host.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Ученик', '12.11', '19.11', 'Средний', 'Итог']);
    expect([...host.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['Иванова А. П.', 'Петров Б. И.']);
    expect(cell(0, 0).querySelector('abbr')?.textContent).toBe('н');
    expect(cell(0, 0).querySelector('abbr')?.getAttribute('title')).toBe('отсутствовала без уважительной причины');
    expect(cell(0, 0).getAttribute('aria-label')).toBe('Иванова Анна Петровна, 12.11: отсутствовала без уважительной причины');
    expect(cell(1, 1).querySelector('abbr')?.textContent).toBe('о');
    expect(cell(1, 1).querySelector('abbr')?.getAttribute('title')).toBe('опоздал');
    const legend = host.querySelector('.journal-legend')?.textContent;
    expect(legend).toContain('у — по уважительной причине');
    expect(legend).toContain('о — опоздание');
    expect(legend).not.toMatch(/опоздал|присутствовал/);
  });

  it('moves with the arrows and gives a typed mark to the focused cell; the average follows', async () => {
    act(() => cell(0, 0).focus());
    await press(cell(0, 0), 'ArrowDown');
    await press(document.activeElement as HTMLElement, 'ArrowRight');
    expect(document.activeElement).toBe(cell(1, 1));
    await press(cell(1, 1), '4');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/marks');
    expect(JSON.parse(String(post[1].body))).toEqual({ student_id: 8, subject_id: 5, lesson_id: 22, value: 4, kind: 'lesson', comment: '' });
    expect(cell(1, 1).querySelector('.mark-chip')?.textContent).toBe('4');
    expect(host.querySelectorAll('tbody tr')[1]?.querySelector('.journal-average')?.textContent).toBe('4,5');
    expect(document.activeElement).toBe(cell(1, 1));
  });

  it('tells a refusal in the words of the server and keeps the cell as it was', async () => {
    refuse = new Response(JSON.stringify({ message: 'invalid', errors: { value: ['Оценка — от 1 до 5'] } }), { status: 422 });
    act(() => cell(0, 1).focus());
    await press(cell(0, 1), '5');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Оценка — от 1 до 5');
    expect(cell(0, 1).querySelector('.mark-chip')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET')).toHaveLength(1);
  });

  it("shows a subject's journal with each date's group, shading a student not taught at a lesson", async () => {
    const subject = journal([], null);
    answers = [
      {
        ...subject,
        lessons: [subject.lessons[0]!, { ...subject.lessons[1]!, group_id: null, student_ids: [8] }],
        groups: [{ id: 3, name: 'Русский язык 9' }],
      } as GroupJournal,
    ];
    await act(async () =>
      root.render(
        <MemoryRouter>
          <JournalGrid source={{ kind: 'subject', id: 5 }} from="2026-11-05" to="2026-12-28" editable />
        </MemoryRouter>,
      ),
    );
    expect(fetchMock.mock.lastCall?.[0]).toBe('/api/subjects/5/journal?from=2026-11-05&to=2026-12-28');
    expect([...host.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Ученик', '12.11Русский язык 9', '19.11инд.', 'Средний', 'Итог']);
    expect(host.querySelector('table')?.getAttribute('aria-label')).toBe('Журнал по предмету');
    expect(cell(0, 1).dataset.away).toBe('true');
    expect(cell(0, 1).getAttribute('aria-label')).toBe('Иванова Анна Петровна, 19.11: не записана на урок');
    expect(cell(1, 1).dataset.away).toBeUndefined();
    act(() => cell(0, 1).focus());
    await press(cell(0, 1), '5');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Ученик не записан на урок 19.11.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('names a refused change: the reason the server gave, or in Russian when it gave none', () => {
    const forbidden = (message: string) => new ApiError(403, { message }, 'POST', '/api/marks');
    expect(refusal(forbidden('Вести журнал можно только на своих занятиях'))).toBe('Вести журнал можно только на своих занятиях');
    expect(refusal(forbidden('This action is unauthorized.'))).toBe('Вы не можете менять оценки этой группы.');
    expect(refusal(new ApiError(500, {}, 'POST', '/api/marks'))).toBe('Не удалось сохранить оценку: повторите попытку.');
  });
});
