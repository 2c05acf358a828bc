//! The mail history table, newest first; a failed try's error, and the button that sends the mail
//! again (or why it may not be: a link that may have expired, a copy already sent), sit under the
//! status so the table fits beside the sidebar; on phones each row becomes a card with labelled cells.
import { RecordsTable } from '../../components/RecordsTable';
import { formatDateTime } from '../../lib/format';
import { formatSentAt, STATUS_NAMES, type MailRecord } from './mail';

const COLUMNS = ['Дата', 'Получатель', 'Тема', 'Тип', 'Статус', 'Попытки'] as const;

interface Actions {
  /** Sends a mail that was not sent again; left out: no button. */
  onResend?: (mail: MailRecord) => void;
  /** The mail being sent again, its button disabled meanwhile. */
  resending?: number | null;
}

function Row({ mail, onResend, resending }: { mail: MailRecord } & Actions) {
  const [date, recipient, subject, kind, status, attempts] = COLUMNS;
  return (
    <tr>
      <td data-label={date}>
        <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>
        {mail.sent_at && <small className="muted">отправлено {formatSentAt(mail.created_at, mail.sent_at)}</small>}
      </td>
      <td data-label={recipient} className="mail-recipient">
        {mail.to_name && <span>{mail.to_name}</span>}
        <small className={mail.to_name ? 'muted' : undefined}>{mail.to}</small>
      </td>
      <td data-label={subject} className="mail-subject">
        {mail.subject}
      </td>
      <td data-label={kind}>{mail.kind_title}</td>
      <td data-label={status}>
        <span className="badge" data-status={mail.status}>
          {STATUS_NAMES[mail.status]}
        </span>
        {mail.last_error && (
          <small className="mail-error">
            <span className="sr-only">Последняя ошибка: </span>
            {mail.last_error}
          </small>
        )}
        {onResend && mail.status === 'failed' && mail.resend_refusal && <small className="muted mail-resend-refusal">{mail.resend_refusal}</small>}
        {onResend && mail.status === 'failed' && !mail.resend_refusal && (
          <button
            type="button"
            className="secondary outline mail-resend"
            aria-label={`Отправить ещё раз письмо «${mail.subject}» на ${mail.to}`}
            aria-busy={resending === mail.id}
            disabled={resending === mail.id}
            onClick={() => onResend(mail)}
          >
            Отправить ещё раз
          </button>
        )}
      </td>
      <td data-label={attempts}>{mail.attempts}</td>
    </tr>
  );
}

export function MailTable({ rows, busy, ...actions }: { rows: readonly MailRecord[]; busy: boolean } & Actions) {
  return (
    <RecordsTable caption="История писем" columns={COLUMNS} busy={busy}>
      {rows.map((mail) => (
        <Row key={mail.id} mail={mail} {...actions} />
      ))}
    </RecordsTable>
  );
}
