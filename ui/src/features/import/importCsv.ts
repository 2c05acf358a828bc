//! CSV import: the server's report, the call (a preview or the real write) and what the page
//! derives from them.
import type { Ok, Schema } from '../../api/types';
import { ApiError } from '../../lib/api/client';
import { upload } from '../../lib/api/upload';
import { endpoints } from '../../paths';

/** One problem of the file: row (the header is row 1; 0 is the whole file) and column. */
export type RowError = Schema<'ImportRowError'>;

export type ImportReport = Schema<'ImportReport'>;

/** What one call ended with: a report, or a refusal (422) with its message and report. */
export type ImportResult = { ok: true; report: ImportReport } | { ok: false; message: string; report: ImportReport };

const EMPTY: ImportReport = { rows: 0, created: 0, updated: 0, errors: [], warnings: [] };

/** Sends the file; `dryRun` only checks it. A 422 is the page's to show (its row errors). */
export async function sendCsv(
  file: File,
  { dryRun, invites, onProgress }: { dryRun: boolean; invites: boolean; onProgress?: (sent: number) => void },
): Promise<ImportResult> {
  const fields = { file, dry_run: dryRun ? '1' : '0', send_invites: invites ? '1' : '0' };
  try {
    const { data } = await upload<Ok<'users_import_csv'>>(endpoints.usersImport, fields, {
      onProgress,
      ownFailure: (status) => status === 422 || status === 413,
    });
    return { ok: true, report: { ...EMPTY, ...data } };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 413)) {
      // A refusal carries the report so far (`ImportRejected`); a 413 from the proxy may carry less.
      const body = error.body as Partial<Schema<'ImportRejected'>>;
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
  return !busy && preview !== null && preview.ok && preview.report.errors.length === 0 && preview.report.rows > 0;
}
