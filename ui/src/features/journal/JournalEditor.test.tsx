import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lesson } from '../../lib/teaching';
import { mounted } from '../../test/mounted';
import { JournalEditor } from './JournalEditor';
import type { Journal } from './journalForm';

const screen = mounted();

const LESSON = { id: 7, subject_name: 'Математика', starts_at: '2026-11-23T10:00:00+03:00', student_ids: [1] } as unknown as Lesson;
const JOURNAL: Journal = {
  lesson_id: 7,
  lesson_status: 'done',
  starts_at: '2026-11-23T10:00:00+03:00',
  subject_id: 1,
  editable: true,
  topic: '',
  homework: '',
  students: [{ id: 1, name: 'Белов Иван Викторович' }],
  records: [],
  marks: [],
  version: 'v1',
};

const CHANGED = 'Журнал этого занятия изменили, пока вы его заполняли. Загрузите его заново и внесите свои изменения.';
const settle = () => act(() => new Promise((done) => setTimeout(done, 10)));
const text = () => screen.host.textContent ?? '';
const button = (label: string) => [...screen.host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === label || b.getAttribute('aria-label') === label);
const click = async (label: string) => {
  act(() => button(label)!.click());
  await settle();
};

/** The journal a read of it answers (after a save refused as made from an old one). */
let current: Journal = JOURNAL;

/** The bodies of the journal's PUTs; each answers `answers` in turn (a read of the journal answers
 * `current`, the anti-forgery cookie call answers empty). */
function serve(...answers: { status: number; body: unknown }[]) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET' && String(url).endsWith('/journal')) {
        return new Response(JSON.stringify({ data: current }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      if (init?.method !== 'PUT') return new Response(null, { status: 204 });
      sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      const { status, body } = answers.shift()!;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.unstubAllGlobals());

/** The editor on a page of a data router (it asks before leaving with unsaved changes). */
function renderEditor() {
  const router = createMemoryRouter([{ path: '/', element: <JournalEditor lesson={LESSON} journal={JOURNAL} mayRecordEarly={false} onSaved={() => {}} /> }]);
  screen.render(<RouterProvider router={router} />);
}

describe("a lesson's journal form", () => {
  it('takes as long a topic and homework as the server keeps, so nothing pasted is cut', () => {
    renderEditor();
    expect(screen.host.querySelector<HTMLInputElement>('#journal-topic')?.maxLength).toBe(500);
    expect(screen.host.querySelector<HTMLTextAreaElement>('#journal-homework')?.maxLength).toBe(5000);
  });

  it('saves as made from the version it loaded, then from the one the save answers', async () => {
    const saved = { ...JOURNAL, version: 'v2' };
    const sent = serve({ status: 200, body: { data: saved } }, { status: 200, body: { data: { ...saved, version: 'v3' } } });
    renderEditor();
    await click('Поставить 5');
    await click('Сохранить');
    await click('Поставить 4');
    await click('Сохранить');
    expect(sent.map((body) => body.version)).toEqual(['v1', 'v2']);
  });

  it('refused as made from a journal changed since, shows the journal as it is now with the marks entered on top, and saves both', async () => {
    const refused = { status: 422, body: { message: 'Ошибка в данных', errors: { version: [CHANGED] } } };
    const theirs = { ...JOURNAL, version: 'v2', marks: [{ id: 40, student_id: 1, value: 3, kind: 'test' as const, weight: 2, comment: '', editable: true }] };
    current = theirs;
    const sent = serve(refused, { status: 200, body: { data: { ...theirs, version: 'v3' } } });
    renderEditor();
    await click('Поставить 5');
    await click('Сохранить');
    expect(text()).toContain('Пока вы заполняли журнал, его изменил кто-то ещё.');
    expect(document.activeElement?.getAttribute('role')).toBe('status');
    const marks = screen.host.querySelector('[aria-label="Оценки: Белов Иван Викторович"]')?.textContent ?? '';
    expect(marks).toContain('3');
    expect(marks).toContain('5');

    await click('Сохранить');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.version).toBe('v2');
    expect(sent[1]?.marks).toEqual([
      { id: 40, student_id: 1, value: 3, kind: 'test', weight: 2, comment: '' },
      { student_id: 1, value: 5, kind: 'lesson', comment: '' },
    ]);
    expect(text()).not.toContain('его изменил кто-то ещё');
  });
});
