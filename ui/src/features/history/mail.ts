//! The mail history's records and filter definition: Russian names of statuses and kinds, and the
//! filters (kept in the page's query string by the list kit, so a filtered list can be bookmarked).
import type { Row } from '../../api/types';
import { defineFilters, oneOf, perPage, text } from '../../lib/filters';
import { formatDateTime, formatTime, sameDay } from '../../lib/format';
import { endpoints } from '../../paths';

/** A row of `GET /api/history/mail` and `GET /api/users/{id}/mail`. */
export type MailRecord = Row<'mail_history'>;
export type MailStatus = MailRecord['status'];
export type MailKind = MailRecord['kind'];

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const satisfies readonly MailStatus[];
export const MAIL_KINDS = ['password_reset', 'verify_email', 'set_password', 'notification', 'test'] as const satisfies readonly MailKind[];

export const STATUS_NAMES: Record<MailStatus, string> = { queued: 'в очереди', sent: 'отправлено', failed: 'ошибка' };

/** The filter's names of the kinds: the server's `kind_title`s. */
export const KIND_NAMES: Record<MailKind, string> = {
  password_reset: 'Сброс пароля',
  verify_email: 'Подтверждение e-mail',
  set_password: 'Установка пароля',
  notification: 'Уведомление',
  test: 'Проверка почты',
};

/** The mail history (`GET /api/history/mail`, and one person's: `GET /api/users/{id}/mail`). */
export const mailFilters = defineFilters('mail_history', {
  status: oneOf(MAIL_STATUSES),
  kind: oneOf(MAIL_KINDS),
  search: text(),
  perPage: perPage([20]),
});

/** When a mail left: the time alone on the day it was written, else date and time. */
export const formatSentAt = (createdAt: string, sentAt: string) =>
  sameDay(createdAt, sentAt) ? `в ${formatTime(sentAt)}` : formatDateTime(sentAt);

/** `POST` here puts a copy of a mail that was not sent back into the outbox. */
export const resendUrl = (id: number) => `${endpoints.mailHistory}/${id}/resend`;
