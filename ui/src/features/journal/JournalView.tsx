//! A lesson's journal read only (a student, a parent, a teacher of another lesson): the topic, the
//! homework and each student's attendance and marks the server shows (a student his own, a parent
//! his children's, another teacher his students'), and to staff whose rows it leaves out.
import { MarkChips } from '../../components/MarkChip';
import { ATTENDANCE_NAMES, attendanceWords, isFeminineName, MARK_KIND_NAMES } from '../../lib/journal';
import type { Lesson } from '../../lib/teaching';
import type { Journal } from './journalForm';

/** `staff`: the reader is a worker or a manager, told when rows are not shown to him. */
export function JournalView({ lesson, journal, staff }: { lesson: Lesson; journal: Journal | null; staff: boolean }) {
  const topic = journal?.topic ?? lesson.topic;
  const homework = journal?.homework ?? lesson.homework;
  const students = journal?.students ?? [];
  const unseen = journal && staff ? lesson.student_ids.length - students.length : 0;
  return (
    <>
      <section className="journal-read" aria-label="Тема и домашнее задание">
        <h2>Тема</h2>
        <p>{topic || <span className="muted">Тема не указана.</span>}</p>
        <h2>Домашнее задание</h2>
        <p className="journal-homework">{homework || <span className="muted">Домашнего задания нет.</span>}</p>
      </section>
      {journal && students.length > 0 && (
        <section className="journal-read" aria-labelledby="journal-own">
          <h2 id="journal-own">Посещаемость и оценки</h2>
          <ul className="journal-own">
            {students.map(({ id, name }) => {
              const record = journal.records.find((r) => r.student_id === id);
              const marks = journal.marks.filter((m) => m.student_id === id);
              return (
                <li key={id} data-status={record?.status}>
                  <strong>{name}</strong>
                  <span>{record ? attendanceWords(ATTENDANCE_NAMES[record.status], isFeminineName(name)) : 'Посещаемость не отмечена'}</span>
                  {record?.comment && <span className="muted">{record.comment}</span>}
                  {marks.length > 0 && (
                    <span>
                      <MarkChips marks={marks} />{' '}
                      <span className="muted">{marks.map((m) => `${m.value} ${MARK_KIND_NAMES[m.kind]}${m.comment ? ` (${m.comment})` : ''}`).join('; ')}</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {unseen > 0 && (
        <p className="muted">
          Посещаемость и оценки {students.length > 0 ? 'остальных учеников' : 'учеников этого занятия'} видны его учителю и менеджерам.
        </p>
      )}
    </>
  );
}
