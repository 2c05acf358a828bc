import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
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
};

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
});
