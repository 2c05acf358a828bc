//! The backups page's data: the server's view of the copies, and how to reach a copy's file.
import type { Ok } from '../../api/types';
import { endpoints } from '../../paths';

export type BackupsView = Ok<'backups_list'>;
export type BackupCopy = BackupsView['data'][number];

/** How often the page asks how a copy being made is going, in ms. */
export const POLL_MS = 700;

/** The download address of a copy. */
export const copyUrl = (name: string) => `${endpoints.backups}/${encodeURIComponent(name)}`;

