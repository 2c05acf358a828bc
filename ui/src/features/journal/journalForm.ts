//! The state of a lesson's journal as a teacher fills it in on a phone: each student's attendance
//! (all present in one tap, then one tap per change), his marks (several, each with a kind and a
//! comment), the topic and the homework; what `PUT /api/lessons/{id}/journal` is sent; whether
//! anything is left unsaved; and the server's 422 messages placed beside the student they are about.
import type { Body, Ok } from '../../api/types';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type MarkKind } from '../../lib/journal';

/** A lesson's journal as `GET|PUT /api/lessons/{id}/journal` answer it. */
export type Journal = Ok<'lessons_journal'>['data'];

/** What the PUT takes. */
export type JournalBody = Body<'lessons_journal_save'>;

/** The longest topic the server keeps (`PUT /api/lessons/{id}/journal`, as a lesson's own form). */
export const TOPIC_MAX = 500;

/** The longest homework the server keeps: a longer one pasted in would be cut without a word. */
export const HOMEWORK_MAX = 5000;

/** A mark on the form: `key` tells the rows apart, new ones too. */
export interface DraftMark {
  readonly key: string;
  readonly id: number | null;
  readonly student_id: number;
  readonly value: number;
  readonly kind: MarkKind;
  readonly weight: number | null;
  readonly comment: string;
  /** Whether the viewer may still change or remove it (a teacher: within the edit window). */
  readonly editable: boolean;
}

/** The form: the students (in the order shown), what each is marked, the marks, topic and homework. */
export interface Draft {
  /** The students in the order shown. */
  readonly students: readonly number[];
  /** Their names by id. */
  readonly names: Readonly<Record<number, string>>;
  readonly statuses: Readonly<Record<number, AttendanceStatus>>;
  readonly comments: Readonly<Record<number, string>>;
  readonly marks: readonly DraftMark[];
  readonly topic: string;
  readonly homework: string;
  /** The number the next new mark's key is made from. */
  readonly next: number;
}

/**
 * The form of a saved journal: its students (and anyone recorded who has since left the lesson,
 * so that saving does not silently drop his record), their statuses and marks, topic, homework.
 */
export function draftOf(journal: Journal): Draft {
  const recorded = [...journal.records.map((r) => r.student_id), ...journal.marks.map((m) => m.student_id)];
  return {
    students: [...new Set([...journal.students.map((s) => s.id), ...recorded])],
    names: Object.fromEntries(journal.students.map((s) => [s.id, s.name])),
    statuses: Object.fromEntries(journal.records.map((r) => [r.student_id, r.status])),
    comments: Object.fromEntries(journal.records.filter((r) => r.comment).map((r) => [r.student_id, r.comment ?? ''])),
    marks: journal.marks.map((m, at) => ({
      key: m.id ? `mark-${m.id}` : `saved-${at}`,
      id: m.id ?? null,
      student_id: m.student_id,
      value: m.value,
      kind: m.kind,
      weight: m.weight ?? null,
      comment: m.comment ?? '',
      editable: m.editable !== false,
    })),
    topic: journal.topic,
    homework: journal.homework,
    next: 1,
  };
}

/** «Все присутствуют»: every student present (what was marked before is replaced). */
export const allPresent = (draft: Draft): Draft => ({
  ...draft,
  statuses: Object.fromEntries(draft.students.map((id) => [id, 'present' as const])),
});

/** One student marked `status`. */
export const withStatus = (draft: Draft, student: number, status: AttendanceStatus): Draft => ({
  ...draft,
  statuses: { ...draft.statuses, [student]: status },
});

/** The comment on a student's attendance. */
export const withComment = (draft: Draft, student: number, comment: string): Draft => ({
  ...draft,
  comments: { ...draft.comments, [student]: comment },
});

/** A new mark `value` for a student (kind «за урок» unless told). */
export const withMark = (draft: Draft, student: number, value: number, kind: MarkKind = 'lesson'): Draft => ({
  ...draft,
  marks: [...draft.marks, { key: `new-${draft.next}`, id: null, student_id: student, value, kind, weight: null, comment: '', editable: true }],
  next: draft.next + 1,
});

/** A mark's kind, value or comment changed. */
export const changedMark = (draft: Draft, key: string, change: Partial<Pick<DraftMark, 'value' | 'kind' | 'comment'>>): Draft => ({
  ...draft,
  // Another kind has another default weight: the server gives it unless one was set by hand.
  marks: draft.marks.map((m) => (m.key === key ? { ...m, ...change, weight: change.kind && change.kind !== m.kind ? null : m.weight } : m)),
});

/** A mark taken away (a saved one is removed on saving). */
export const withoutMark = (draft: Draft, key: string): Draft => ({ ...draft, marks: draft.marks.filter((m) => m.key !== key) });

/** The topic or the homework. */
export const withText = (draft: Draft, field: 'topic' | 'homework', text: string): Draft => ({ ...draft, [field]: text });

/** A student's marks, in the order given. */
export const marksOf = (draft: Draft, student: number) => draft.marks.filter((m) => m.student_id === student);

/** How many students are marked at all, and how many of each status. */
export function tally(draft: Draft): { marked: number } & Record<AttendanceStatus, number> {
  const counts = { marked: 0, present: 0, late: 0, excused: 0, unexcused: 0 };
  for (const id of draft.students) {
    const status = draft.statuses[id];
    if (status && ATTENDANCE_STATUSES.includes(status)) {
      counts[status] += 1;
      counts.marked += 1;
    }
  }
  return counts;
}

/**
 * The body of `PUT /api/lessons/{id}/journal`: the attendance of every student who is marked (in
 * the order shown), every mark (saved ones with their id, new ones without), topic and homework.
 */
export function bodyOf(draft: Draft): JournalBody {
  return {
    topic: draft.topic.trim(),
    homework: draft.homework.trim(),
    records: draft.students.flatMap((id) => {
      const status = draft.statuses[id];
      return status ? [{ student_id: id, status, comment: (draft.comments[id] ?? '').trim() }] : [];
    }),
    marks: draft.marks.map((m) => ({
      ...(m.id === null ? {} : { id: m.id }),
      student_id: m.student_id,
      value: m.value,
      kind: m.kind,
      ...(m.weight === null ? {} : { weight: m.weight }),
      comment: m.comment.trim(),
    })),
  };
}

/** Whether a saved mark reads differently on the form than it was loaded. */
const markChanged = (a: DraftMark, b: DraftMark) => a.value !== b.value || a.kind !== b.kind || a.weight !== b.weight || a.comment !== b.comment;

/**
 * What was entered on the form (`mine`, filled in from `base`) carried over to the journal as it is
 * now (`theirs`, changed by someone else meanwhile): a status, comment, topic or homework the
 * teacher changed is his, the rest is theirs; marks added on either side are all kept, a mark he
 * changed or removed is changed or removed, and one removed meanwhile stays removed.
 */
export function rebased(base: Draft, mine: Draft, theirs: Draft): Draft {
  const ours = <T>(field: Readonly<Record<number, T>>, was: Readonly<Record<number, T>>, now: Readonly<Record<number, T>>, id: number) =>
    field[id] !== was[id] ? field[id] : now[id];
  const students = [...new Set([...theirs.students, ...mine.students])];
  const pick = <T>(field: (d: Draft) => Readonly<Record<number, T>>) =>
    Object.fromEntries(students.flatMap((id) => {
      const value = ours(field(mine), field(base), field(theirs), id);
      return value === undefined ? [] : [[id, value]];
    })) as Record<number, T>;
  const loaded = new Map(base.marks.filter((m) => m.id !== null).map((m) => [m.id, m]));
  const kept = new Map(mine.marks.filter((m) => m.id !== null).map((m) => [m.id, m]));
  const marks = theirs.marks.flatMap((now) => {
    const was = loaded.get(now.id);
    if (!was) return [now];
    const entered = kept.get(now.id);
    if (!entered) return [];
    return [markChanged(entered, was) ? { ...now, value: entered.value, kind: entered.kind, weight: entered.weight, comment: entered.comment } : now];
  });
  return {
    students,
    names: { ...mine.names, ...theirs.names },
    statuses: pick((d) => d.statuses),
    comments: pick((d) => d.comments),
    marks: [...marks, ...mine.marks.filter((m) => m.id === null)],
    topic: mine.topic !== base.topic ? mine.topic : theirs.topic,
    homework: mine.homework !== base.homework ? mine.homework : theirs.homework,
    next: mine.next,
  };
}

/** Whether the form differs from what was saved (what leaving would lose). */
export const isDirty = (draft: Draft, saved: Draft) => JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(saved));

/** The server's messages placed for the form: by student, on the topic or homework, and the rest. */
export interface Placed {
  readonly students: Readonly<Record<number, readonly string[]>>;
  readonly topic?: string;
  readonly homework?: string;
  readonly other: readonly string[];
}

const ITEM = /^(records|marks)(?:\[(\d+)\]|\.(\d+))/;

/**
 * A 422's `errors` (`records[2].status`, `marks.0.value`, `topic` …) placed beside what they are
 * about: the n-th record or mark of the body that was sent names its student.
 */
export function placeErrors(errors: Readonly<Record<string, readonly string[]>> | undefined, sent: JournalBody): Placed {
  const students: Record<number, string[]> = {};
  const other: string[] = [];
  let topic: string | undefined;
  let homework: string | undefined;
  for (const [field, texts] of Object.entries(errors ?? {})) {
    const item = ITEM.exec(field);
    const index = item ? Number(item[2] ?? item[3]) : -1;
    const row = item?.[1] === 'records' ? sent.records[index] : item?.[1] === 'marks' ? sent.marks[index] : undefined;
    if (row) (students[row.student_id] ??= []).push(...texts);
    else if (field === 'topic') topic = texts[0];
    else if (field === 'homework') homework = texts[0];
    else other.push(...texts);
  }
  return { students, topic, homework, other: [...new Set(other)] };
}
