import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lesson } from '../lib/teaching';
import { setCurrentUser } from '../lib/user';
import { mounted } from '../test/mounted';
import { aUser } from '../test/user';
import { LessonList, namesToLoad, studentsLine } from './LessonList';

/** A lesson whose reader is shown `student_ids` of its `students_count` students. */
const lesson = (id: number, student_ids: number[], students_count = student_ids.length): Lesson => ({
  id,
  group_id: 3,
  subject_id: 5,
  teacher_id: 2,
  student_ids,
  students_count,
  starts_at: '2026-11-12T16:00:00+03:00',
  ends_at: '2026-11-12T16:45:00+03:00',
  duration_minutes: 45,
  room: '12',
  status: 'planned',
  cancel_reason: '',
  topic: '',
  homework: '',
  moved_by_hand: false,
  group_name: 'Русский язык 9',
  subject_name: 'Русский язык',
  subject_color: 'blue',
  teacher_name: 'Смирнова Ольга',
});

const screen = mounted();
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const id = Number(url.split('/').at(-1));
    return new Response(JSON.stringify({ data: { ...aUser(['student']), id, full_name: `Ученик${id} Имя` } }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(async () => setCurrentUser(null));
});

describe('whose names a lesson list loads', () => {
  const lessons = [lesson(1, [7, 8, 9]), lesson(2, [12, 8])];

  it('loads every student for staff, none past 40 of them', () => {
    expect(namesToLoad(lessons, aUser(['worker']))).toEqual([7, 8, 9, 12]);
    const crowd = Array.from({ length: 41 }, (_, n) => n + 100);
    expect(namesToLoad([lesson(3, crowd)], aUser(['manager']))).toEqual([]);
  });

  it('loads a student himself and a parent his children, never their classmates', () => {
    expect(namesToLoad(lessons, aUser(['student']))).toEqual([7]);
    expect(namesToLoad(lessons, aUser(['parent'], { id: 30, children_ids: [12, 9] }))).toEqual([9, 12]);
    expect(namesToLoad(lessons, null)).toEqual([]);
  });
});

describe('a lesson’s students in words', () => {
  it('names up to three and counts the others, declined', () => {
    expect(studentsLine(['Иванов А.'], 1)).toBe('Иванов А.');
    expect(studentsLine(['Иванов А.'], 2)).toBe('Иванов А. и ещё 1 ученик');
    expect(studentsLine(['Иванов А.', 'Петров Б.'], 6)).toBe('Иванов А., Петров Б. и ещё 4 ученика');
    expect(studentsLine(['Иванов А.'], 6)).toBe('Иванов А. и ещё 5 учеников');
    expect(studentsLine(['Иванов А.'], 12)).toBe('Иванов А. и ещё 11 учеников');
  });

  it('counts them all when none is named or too many are', () => {
    expect(studentsLine([], 3)).toBe('3 ученика');
    expect(studentsLine(['А.', 'Б.', 'В.', 'Г.'], 4)).toBe('4 ученика');
  });
});

describe('LessonList', () => {
  it('asks a student’s own card only and counts his classmates, whose ids he is not sent', async () => {
    await act(async () => setCurrentUser(aUser(['student'])));
    screen.render(
      <MemoryRouter>
        <LessonList lessons={[lesson(1, [7], 5)]} />
      </MemoryRouter>,
    );
    await act(() => new Promise((done) => setTimeout(done, 10)));
    expect(screen.host.querySelector('.lesson-people')?.textContent).toContain('Ученик7 И. и ещё 4 ученика');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/7']);
  });
});
