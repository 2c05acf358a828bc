//! A lesson's journal as its teacher (or a manager) fills it in: «Все присутствуют», then one tap
//! per change, marks per student, topic and homework, and ONE «Сохранить» (one PUT, one commit).
//! A failed save keeps everything entered, puts the server's messages beside the student they are
//! about and turns «Сохранить» into «Повторить»; leaving with unsaved changes asks first.
//! A save names the journal's version the page loaded (the last save's after one): when someone
//! changed the journal meanwhile (a mark in /marks, a status fixed by a manager) it is refused,
//! and the form shows the journal as it is now with everything entered carried over onto it
//! (`rebased`), for the teacher to look over and save: nobody's mark is lost.
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import type { Ok } from '../../api/types';
import { confirm } from '../../components/ConfirmDialog';
import { api, ApiError } from '../../lib/api/client';
import { markedStudents } from '../../lib/journal';
import { lessonUrl, type Lesson } from '../../lib/teaching';
import { addToast } from '../../lib/toasts';
import { AttendanceTally } from './AttendanceTally';
import * as form from './journalForm';
import { StudentRow } from './StudentRow';

type Draft = form.Draft;

interface Failure {
  placed: form.Placed;
  /** The answer's status (0: the server was not reached). */
  status: number;
  /** The server's own words when it refused the whole save (403: a mark past its edit window). */
  message?: string;
}

/** Asks before leaving the page (in the app or by closing the tab) while `dirty`. */
function useLeaveWarning(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: 'Уйти без сохранения?',
      message: 'Отметки, оценки и домашнее задание этого занятия ещё не сохранены и пропадут.',
      action: 'Уйти',
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** Failures the form tells itself, beside what was entered (no toast over the save bar). */
const OWN_FAILURES = [0, 403, 422];

/** What the failure box says, by the answer's status. */
function failureTitle(status: number) {
  if (status === 0) return 'Журнал не сохранён: сервер недоступен. Всё введённое осталось на странице.';
  if (status === 422) return 'Журнал не сохранён: исправьте отмеченное и сохраните ещё раз.';
  return 'Журнал не сохранён. Всё введённое осталось на странице.';
}

export function JournalEditor({ lesson, journal, mayRecordEarly, onSaved }: { lesson: Lesson; journal: form.Journal; mayRecordEarly: boolean; onSaved: (journal: form.Journal) => void }) {
  const [saved, setSaved] = useState<Draft>(() => form.draftOf(journal));
  const [draft, setDraft] = useState<Draft>(saved);
  const [version, setVersion] = useState(journal.version);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The journal was changed by someone else and what was entered is now shown on top of it. */
  const [carried, setCarried] = useState(false);
  const carriedNote = useRef<HTMLDivElement>(null);
  const dirty = form.isDirty(draft, saved);
  useLeaveWarning(dirty && !pending);
  const started = Date.parse(lesson.starts_at) <= Date.now();
  const locked = !started && !mayRecordEarly;
  const nameOf = (id: number) => draft.names[id] ?? `Ученик № ${id}`;
  const change = (next: (d: Draft) => Draft) => setDraft((d) => next(d));

  /** The journal as the server now holds it, with what the form holds `carried` over onto it. */
  const loaded = (data: form.Journal, carried = false) => {
    const now = form.draftOf(data);
    setSaved(now);
    setDraft((entered) => (carried ? form.rebased(saved, entered, now) : now));
    setVersion(data.version);
    setFailure(null);
    setCarried(carried);
    onSaved(data);
    return now;
  };

  /** One «Сохранить»: the form, as made from the journal's version it was filled in on. */
  const save = async () => {
    if (pending) return;
    const sent = form.bodyOf(draft);
    setPending(true);
    try {
      const { data } = await api<Ok<'lessons_journal_save'>>(lessonUrl(lesson.id, 'journal'), { method: 'PUT', body: { ...sent, version }, ownFailure: (status) => OWN_FAILURES.includes(status) });
      const next = loaded(data);
      addToast({ color: 'success', title: 'Журнал сохранён', description: `${lesson.subject_name}: ${markedStudents(form.tally(next).marked)}` });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.staleEdit && (await carriedOver())) return;
      const message = error.status === 422 ? undefined : error.body.message;
      setFailure({ status: error.status, placed: form.placeErrors(error.body.errors, sent), message });
    } finally {
      setPending(false);
    }
  };

  /** After a save refused as made from an old journal: the journal as it is now, with what was
   * entered carried over onto it, for another look before saving (false: it could not be read). */
  const carriedOver = async () => {
    try {
      loaded((await api<Ok<'lessons_journal'>>(lessonUrl(lesson.id, 'journal'), { ownFailure: () => true })).data, true);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return false;
    }
  };

  useEffect(() => {
    if (carried) carriedNote.current?.focus();
  }, [carried]);

  const placed = failure?.placed;
  return (
    <form
      className="journal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <section className="journal-attendance" aria-labelledby="journal-students">
        <div className="journal-toolbar">
          <h2 id="journal-students">Ученики ({draft.students.length})</h2>
          <AttendanceTally draft={draft} />
        </div>
        {locked && <p className="journal-note">Занятие ещё не началось: посещаемость можно отметить после его начала. Оценки, тему и домашнее задание — уже сейчас.</p>}
        {draft.students.length === 0 ? (
          <p className="muted">На занятии нет учеников.</p>
        ) : (
          <>
            <button type="button" className="journal-all" disabled={locked} onClick={() => change(form.allPresent)}>
              Все присутствуют
            </button>
            <ul className="journal-students">
              {draft.students.map((id) => (
                <StudentRow
                  key={id}
                  id={id}
                  name={nameOf(id)}
                  status={draft.statuses[id]}
                  comment={draft.comments[id] ?? ''}
                  marks={form.marksOf(draft, id)}
                  errors={placed?.students[id]}
                  attendanceLocked={locked}
                  onStatus={(status) => change((d) => form.withStatus(d, id, status))}
                  onComment={(comment) => change((d) => form.withComment(d, id, comment))}
                  onMark={(value) => change((d) => form.withMark(d, id, value))}
                  onMarkChange={(key, markChange) => change((d) => form.changedMark(d, key, markChange))}
                  onMarkRemove={(key) => change((d) => form.withoutMark(d, key))}
                />
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="journal-texts" aria-label="Тема и домашнее задание">
        <label htmlFor="journal-topic">Тема занятия</label>
        <input id="journal-topic" maxLength={form.TOPIC_MAX} value={draft.topic} aria-invalid={placed?.topic ? true : undefined} onChange={(event) => change((d) => form.withText(d, 'topic', event.target.value))} />
        {placed?.topic && <small>{placed.topic}</small>}
        <label htmlFor="journal-homework">Домашнее задание</label>
        <textarea id="journal-homework" rows={3} maxLength={form.HOMEWORK_MAX} value={draft.homework} aria-invalid={placed?.homework ? true : undefined} onChange={(event) => change((d) => form.withText(d, 'homework', event.target.value))} />
        {placed?.homework && <small>{placed.homework}</small>}
      </section>
      {carried && (
        <div className="journal-note" role="status" ref={carriedNote} tabIndex={-1}>
          Пока вы заполняли журнал, его изменил кто-то ещё. Ниже — журнал, как он сохранён сейчас, и ваши изменения поверх: проверьте и
          нажмите «Сохранить».
        </div>
      )}
      {failure && (
        <div className="journal-failure" role="alert">
          <p>
            <strong>{failureTitle(failure.status)}</strong>
          </p>
          {[...(failure.message ? [failure.message] : []), ...failure.placed.other].map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      <div className="journal-save" data-failed={failure ? true : undefined}>
        <span aria-live="polite">{failure ? 'Журнал не сохранён' : dirty ? 'Есть несохранённые изменения' : 'Всё сохранено'}</span>
        <button type="submit" aria-busy={pending} disabled={pending}>
          {failure ? 'Повторить' : 'Сохранить'}
        </button>
      </div>
    </form>
  );
}
