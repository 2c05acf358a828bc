//! The journal's words and numbers, shared by every journal screen (a teacher's lesson, the
//! group's grid, a person's marks and attendance): attendance statuses as letters and in words,
//! marks and their kinds, a mark's tone for its chip, and averages written «4,5».

import type { Schema } from '../api/types';
import { genderOf } from './declension';
import { countStudents, pluralForm } from './plural';

/** How a student was at a lesson. */
export type AttendanceStatus = Schema<'AttendanceStatus'>;

/** What a mark was given for. */
export type MarkKind = Schema<'MarkKind'>;

/** Every status, in the order the journal offers them. */
export const ATTENDANCE_STATUSES: readonly AttendanceStatus[] = ['present', 'late', 'excused', 'unexcused'];

/** The letter of a status in a journal's cell; present is an empty cell. */
export const ATTENDANCE_LETTERS: Record<AttendanceStatus, string> = { present: '', late: 'о', excused: 'у', unexcused: 'н' };

/** A status in words, as a sentence says it (and a cell's full title). */
export const ATTENDANCE_TITLES: Record<AttendanceStatus, string> = {
  present: 'присутствовал',
  late: 'опоздал',
  excused: 'отсутствовал по уважительной причине',
  unexcused: 'отсутствовал без уважительной причины',
};

/** A status as a list or a button names it. */
export const ATTENDANCE_NAMES: Record<AttendanceStatus, string> = {
  present: 'Присутствовал',
  late: 'Опоздал',
  excused: 'По уважительной причине',
  unexcused: 'Без уважительной причины',
};

/** Whether a full name «Фамилия Имя Отчество» is a woman's (told from the patronymic). */
export const isFeminineName = (fullName: string) => genderOf(fullName.trim().split(/\s+/)[2]) === 'female';

/**
 * A status's words (`ATTENDANCE_TITLES` or `ATTENDANCE_NAMES`) said of a girl when `feminine`:
 * «опоздал» -> «опоздала», «Отсутствовал без …» -> «Отсутствовала без …»; «По уважительной …» stays.
 */
export const attendanceWords = (words: string, feminine: boolean) => (feminine ? words.replace(/^(\S+л)(?=\s|$)/, '$1а') : words);

/**
 * How many students had a status, the words agreeing with the count as a label before it:
 * «опоздал: 1» («опоздала: 1» when the one is a girl), «опоздали: 2», «отсутствовали без
 * уважительной причины: 21» (a label speaks of the group, so every count but one takes the plural).
 */
export function attendanceCount(status: AttendanceStatus, count: number, feminine = false): string {
  const title = ATTENDANCE_TITLES[status];
  const words = count === 1 ? attendanceWords(title, feminine) : title.replace(/^(\S+л)(?=\s|$)/, '$1и');
  return `${words}: ${count}`;
}

/** How many students a saved journal marks: «отмечен 1 ученик», «отмечено 3 ученика», «отмечено 5 учеников». */
export const markedStudents = (count: number) => `${pluralForm(count, ['отмечен', 'отмечено', 'отмечено'])} ${countStudents(count)}`;

/** The legend under a journal: each letter with what it means, said of no one (present has no letter). */
export const ATTENDANCE_LEGEND: readonly { status: AttendanceStatus; letter: string; text: string }[] = [
  { status: 'unexcused', letter: 'н', text: 'без уважительной причины' },
  { status: 'excused', letter: 'у', text: 'по уважительной причине' },
  { status: 'late', letter: 'о', text: 'опоздание' },
];

/** The letter of a status, '' for none or present. */
export const attendanceLetter = (status: AttendanceStatus | null | undefined) => (status ? ATTENDANCE_LETTERS[status] : '');

/** Marks a teacher gives. */
export const MARK_VALUES = [5, 4, 3, 2, 1] as const;

/** Whether a key typed is a mark (1–5): the mark, or null. */
export function markOfKey(key: string): number | null {
  return /^[1-5]$/.test(key) ? Number(key) : null;
}

/** What a mark was given for, in words («Оценка за урок»). */
export const MARK_KIND_NAMES: Record<MarkKind, string> = { lesson: 'за урок', homework: 'за домашнее задание', test: 'за контрольную' };

/** A kind as a short label beside a mark. */
export const MARK_KIND_SHORT: Record<MarkKind, string> = { lesson: 'урок', homework: 'ДЗ', test: 'к/р' };

/** A mark's tone for its chip: 5 and 4 good, 3 fair, 2 and 1 poor. */
export function markTone(value: number): 'good' | 'fair' | 'poor' {
  if (value >= 4) return 'good';
  return value === 3 ? 'fair' : 'poor';
}

const PERCENT = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const ONE_DECIMAL = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** An average with one decimal and a Russian comma: 4.5 -> «4,5», 4 -> «4,0»; none -> «—». */
export const formatAverage = (average: number | null | undefined) =>
  average === null || average === undefined || !Number.isFinite(average) ? '—' : ONE_DECIMAL.format(average);

/** An attendance rate, a share 0..1, as a percentage «95 %» (one decimal at most); none -> «—». */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${PERCENT.format(rate * 100)}\u00a0%`;
}

/** A status on a button a thumb taps (its full words go to the button's title and name). */
export const ATTENDANCE_SHORT: Record<AttendanceStatus, string> = { present: 'Присут.', late: 'Опоздал', excused: 'Уваж.', unexcused: 'Неуваж.' };
