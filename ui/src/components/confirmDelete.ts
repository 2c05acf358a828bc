//! Deleting a record once the person confirms it: «Удалить» in red, then a toast. The server may
//! refuse (422, its words on `id`: a subject still in use), which becomes a warning.
import type { ReactNode } from 'react';
import { api, ApiError } from '../lib/api/client';
import { addToast } from '../lib/toasts';
import { confirm } from './ConfirmDialog';

interface Deletion {
  /** The question: «Удалить курс?». */
  title: string;
  message: ReactNode;
  /** The record's address. */
  url: string;
  /** The record's name, under the toasts. */
  name: string;
  /** The toast of success: «Курс удалён». */
  done: string;
  /** The warning when the server refuses (422): «Курс не удалён»; without it every failure is the client's. */
  refused?: string;
}

/** True when the record was deleted. */
export async function confirmDelete({ title, message, url, name, done, refused }: Deletion): Promise<boolean> {
  if (!(await confirm({ title, message, action: 'Удалить', danger: true }))) return false;
  try {
    await api(url, refused === undefined ? { method: 'DELETE' } : { method: 'DELETE', ownFailure: (status) => status === 422 });
  } catch (failure) {
    if (refused !== undefined && failure instanceof ApiError && failure.status === 422) {
      addToast({ color: 'warning', title: refused, description: failure.fieldErrors.id ?? failure.message });
      return false;
    }
    throw failure;
  }
  addToast({ color: 'success', title: done, description: name });
  return true;
}
