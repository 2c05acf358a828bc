//! A user's file cabinet: the record the API lists, its URLs, and how sizes and upload
//! errors are put to the user.
import { ApiError } from '../../lib/api/client';
import { endpoints } from '../../paths';

export interface StoredFile {
  id: number;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  uploaded_at: string;
  uploaded_by: number;
}

export const filesUrl = (userId: number, fileId?: number) =>
  `${endpoints.users}/${userId}/files${fileId === undefined ? '' : `/${fileId}`}`;

const KIB = 1024;
const MIB = 1024 * 1024;
const ONE_DECIMAL = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** `512 Б`, `12 КБ`, `1,5 МБ`. */
export function formatSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} Б`;
  if (bytes < MIB) return `${Math.round(bytes / KIB)} КБ`;
  return `${ONE_DECIMAL.format(bytes / MIB)} МБ`;
}

const DATE_TIME = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** A short name of the type for the table: `PDF`, `PNG`, or the extension. */
export function typeLabel(file: Pick<StoredFile, 'name' | 'content_type'>): string {
  const dot = file.name.lastIndexOf('.');
  if (dot > 0 && dot < file.name.length - 1) return file.name.slice(dot + 1).toUpperCase();
  const sub = file.content_type.split('/')[1] ?? '';
  return sub && sub !== 'octet-stream' ? sub.toUpperCase() : 'Файл';
}

/** The list's answer: the files and the largest upload the server takes (`files.max_upload_mb`). */
export interface FilesAnswer {
  data: StoredFile[];
  meta: { max_upload_bytes: number };
}

/** Why a file will not be sent (larger than the server's limit), or null when it may go. */
export function oversized(file: Pick<File, 'name' | 'size'>, limit: number | null): string | null {
  if (limit === null || file.size <= limit) return null;
  return `«${file.name}» (${formatSize(file.size)}) больше ${formatSize(limit)} — такой файл не загрузить`;
}

/** What to say under the upload for a failed upload (413 and 422 carry the server's Russian text). */
export function uploadError(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Не удалось загрузить файл';
  if (error.status === 413) return error.body.message || 'Файл слишком большой';
  if (error.status === 422) return error.fieldErrors.file || error.body.message || 'Файл не подходит';
  if (error.status === 0) return 'Сервер недоступен, файл не загружен';
  return 'Не удалось загрузить файл';
}
