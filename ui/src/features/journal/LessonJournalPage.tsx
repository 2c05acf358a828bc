//! /lessons/{id}: one lesson — subject, day and time, group, room, teacher, state — and its
//! journal: the form for whoever records it (its teacher, a manager), read only for anyone else
//! the server shows it to (a student his own attendance and marks, a parent his children's).
//! Whoever runs a planned lesson may also move or cancel it here (a lesson that did not take
//! place is cancelled, not left unfilled; the topic is the journal's, deleting is the lists').
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { api, ApiError } from '../../lib/api/client';
import { formatDate } from '../../lib/format';
import { lessonAction } from '../../components/LessonDialogs';
import { LessonActions, type LessonAction } from '../../components/LessonList';
import { lessonUrl, managesLesson, STATUS_NAMES, type Lesson } from '../../lib/teaching';
import { schoolDay, timeRange, weekdayName } from '../../lib/timetable';
import { currentUser, isStaff } from '../../lib/user';
import { paths } from '../../paths';
import { JournalEditor } from './JournalEditor';
import type { Journal } from './journalForm';
import { JournalView } from './JournalView';
import './journal.css';

/** The lesson (again after a save: it may be done now) and its journal; the journal is null
 * when the server shows it to nobody here. */
function useLessonJournal(id: number) {
  const [lesson, setLesson] = useState<Lesson | null>(null);
  const [journal, setJournal] = useState<Journal | null | undefined>(undefined);
  const [status, setStatus] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setStatus(null);
    api<Ok<'lessons_show'>>(lessonUrl(id), { signal: controller.signal }).then(
      ({ data }) => setLesson(data),
      (error: unknown) => error instanceof ApiError && setStatus(error.status),
    );
    return () => controller.abort();
  }, [id, round]);
  useEffect(() => {
    const controller = new AbortController();
    api<Ok<'lessons_journal'>>(lessonUrl(id, 'journal'), { signal: controller.signal, silent: true }).then(
      ({ data }) => setJournal(data),
      () => !controller.signal.aborted && setJournal(null),
    );
    return () => controller.abort();
  }, [id]);
  const saved = (next: Journal) => {
    setJournal(next);
    setRound((n) => n + 1);
  };
  const reload = () => setRound((n) => n + 1);
  return { lesson: lesson?.id === id ? lesson : null, journal: journal?.lesson_id === id || journal === null ? journal : undefined, saved, reload, status };
}

function LessonFacts({ lesson }: { lesson: Lesson }) {
  const { user } = useSnapshot(currentUser);
  const day = schoolDay(lesson.starts_at);
  const group = lesson.group_name ?? 'Индивидуальное занятие';
  return (
    <header className="journal-heading">
      <h1>{lesson.subject_name}</h1>
      <p className="journal-facts">
        <strong>
          {weekdayName(day)}, {formatDate(day)}, {timeRange(lesson.starts_at, lesson.ends_at)}
        </strong>
        <span>{lesson.group_id && isStaff(user) ? <Link to={paths.group.replace(':id', String(lesson.group_id))}>{group}</Link> : group}</span>
        {lesson.room && <span>каб. {lesson.room}</span>}
        <span>{lesson.teacher_name}</span>
        <span className="badge" data-lesson-status={lesson.status}>
          {STATUS_NAMES[lesson.status]}
        </span>
      </p>
      {lesson.status === 'cancelled' && <p className="journal-note">Занятие отменено{lesson.cancel_reason ? `: ${lesson.cancel_reason}` : ''}.</p>}
    </header>
  );
}

export default function LessonJournalPage() {
  const id = Number(useParams().id);
  const { user } = useSnapshot(currentUser);
  const { lesson, journal, saved, reload, status } = useLessonJournal(id);
  const act = async (action: LessonAction, shown: Lesson) => {
    if (await lessonAction(action, shown).catch(() => false)) reload();
  };
  if (status !== null)
    return (
      <div className="empty-state">
        <p>{status === 404 ? 'Такого занятия нет: возможно, его удалили.' : status === 403 ? 'Это занятие вам не видно.' : 'Не удалось загрузить занятие.'}</p>
        <Link to={paths.lessons} role="button" className="secondary outline">
          К занятиям
        </Link>
      </div>
    );
  if (!lesson || journal === undefined) return <p aria-busy="true">Загружаем занятие…</p>;
  const manager = user?.roles.includes('manager') ?? false;
  const records = lesson.status !== 'cancelled' && journal?.editable === true;
  return (
    <div className="journal-page">
      <LessonFacts lesson={lesson} />
      {managesLesson(user, lesson) && lesson.status === 'planned' && (
        <LessonActions lesson={lesson} onAction={(action) => void act(action, lesson)} label="Действия с занятием" without={['topic', 'delete']} />
      )}
      {records ? <JournalEditor key={lesson.id} lesson={lesson} journal={journal} mayRecordEarly={manager} onSaved={saved} /> : <JournalView lesson={lesson} journal={journal} staff={isStaff(user)} />}
    </div>
  );
}
