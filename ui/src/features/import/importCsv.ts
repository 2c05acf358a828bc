//! CSV import: the server's report (generated types), the call (a preview or the real write)
//! and what the page derives from them: row filters, the confirmation before changing people.
import type { Ok, Schema } from '../../api/types';
import { ApiError } from '../../lib/api/client';
import { upload } from '../../lib/api/upload';
import { countPeople } from '../../lib/plural';
import { endpoints } from '../../paths';

export type ImportReport = Ok<'users_import_csv'>['data'];
export type ImportRow = ImportReport['rows'][number];
export type RowError = ImportReport['errors'][number];
export type ImportAction = ImportRow['action'];
type Rejected = Schema<'ImportRejected'>;

/** What one call ended with: a report, or a refusal (422, 413) with its message and report. */
export type ImportResult = { ok: true; report: ImportReport } | { ok: false; message: string; report: ImportReport };

const EMPTY: ImportReport = { columns: [], rows: [], rows_total: 0, created: 0, updated: 0, restored: 0, errors: [], warnings: [] };

/** A chosen file, read once: its name and size as shown, and the bytes both the check and the write send. */
export interface ChosenCsv {
  name: string;
  size: number;
  contents: Blob;
}

/**
 * Reads `file` into memory once. A `File` sent as it is is read from the disk again at each
 * send: a file edited after «Проверить» would import rows nobody previewed (and Chrome fails
 * with ERR_UPLOAD_FILE_CHANGED).
 */
export async function readCsv(file: File): Promise<ChosenCsv> {
  const contents = new Blob([await file.arrayBuffer()], { type: file.type });
  return { name: file.name, size: file.size, contents };
}

/** Sends the file's bytes; `dryRun` only checks them. A 422 is the page's to show (its row errors). */
export async function sendCsv(
  contents: Blob,
  { dryRun, invites, onProgress }: { dryRun: boolean; invites: boolean; onProgress?: (sent: number) => void },
): Promise<ImportResult> {
  const fields = { file: contents, dry_run: dryRun ? '1' : '0', send_invites: invites ? '1' : '0' };
  try {
    const { data } = await upload<Ok<'users_import_csv'>>(endpoints.usersImport, fields, {
      onProgress,
      ownFailure: (status) => status === 422 || status === 413,
    });
    return { ok: true, report: { ...EMPTY, ...data } };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 413)) {
      const body = error.body as Partial<Rejected>;
      return { ok: false, message: body.message || 'Файл не принят', report: { ...EMPTY, ...body.data } };
    }
    throw error;
  }
}

/** The row's label in the errors table. */
export function rowLabel(row: number): string {
  return row === 0 ? 'Файл' : row === 1 ? '1 (заголовок)' : String(row);
}

/** «Импортировать» is allowed after a clean preview of the same file. */
export function canCommit(preview: ImportResult | null, busy: boolean): boolean {
  return !busy && preview !== null && preview.ok && preview.report.errors.length === 0 && preview.report.rows_total > 0;
}

/** The preview's filters: one action, or the rows with errors. */
export type RowFilter = 'all' | 'create' | 'update' | 'restore' | 'skip' | 'errors';

/** The badge of a row: a row with errors is an error, whatever it asked for. */
export function rowKind(row: ImportRow): Exclude<RowFilter, 'all'> {
  return row.errors.length > 0 ? 'errors' : row.action;
}

export const KIND_LABELS: Record<Exclude<RowFilter, 'all'>, string> = {
  create: 'Новый',
  update: 'Изменение',
  restore: 'Восстановление',
  skip: 'Без изменений',
  errors: 'Ошибка',
};

export const FILTER_LABELS: Record<RowFilter, string> = {
  all: 'Все',
  create: 'Новые',
  update: 'Изменения',
  restore: 'Восстановление',
  skip: 'Без изменений',
  errors: 'С ошибками',
};

/** How many rows each filter shows. */
export function countKinds(rows: readonly ImportRow[]): Record<RowFilter, number> {
  const counts: Record<RowFilter, number> = { all: rows.length, create: 0, update: 0, restore: 0, skip: 0, errors: 0 };
  for (const row of rows) counts[rowKind(row)] += 1;
  return counts;
}

export function filterRows(rows: readonly ImportRow[], filter: RowFilter): ImportRow[] {
  return filter === 'all' ? [...rows] : rows.filter((row) => rowKind(row) === filter);
}

/** The roles a row marks: every role an existing person gains, and staff access for a new one. */
export function markedRoles(row: ImportRow): string[] {
  return row.action === 'create' ? row.roles_added.filter((role) => role === 'worker') : row.roles_added;
}

/**
 * The question before a write that changes people already in the school, or `null` when it
 * changes nobody: how many people change, how many come back, how many become staff.
 */
export function changeQuestion(report: ImportReport): string | null {
  const changing = report.updated + report.restored;
  if (changing === 0) return null;
  const staff = report.rows.filter((row) => row.roles_added.includes('worker')).length;
  const parts = [`Файл изменит людей, которые уже есть в школе: ${countPeople(changing)}.`];
  if (report.restored > 0) parts.push(`Из удалённых вернутся: ${countPeople(report.restored)}.`);
  if (staff > 0) parts.push(`Роль «Сотрудник» получат: ${countPeople(staff)}.`);
  return parts.join(' ');
}
