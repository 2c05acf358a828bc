//! A list of mail, filtered by status and kind, searched as you type, newest first, page by page;
//! the filters live in the query string (the list kit); a mail that was not sent can be sent again.
//! Serves the whole history and one person's mail.
import { useState, type ReactNode } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { ListResults } from '../../components/ListResults';
import { SearchField } from '../../components/SearchField';
import { api } from '../../lib/api/client';
import { addToast } from '../../lib/toasts';
import { useListPage } from '../../lib/useListPage';
import { KIND_NAMES, MAIL_KINDS, MAIL_STATUSES, mailFilters, resendUrl, STATUS_NAMES, type MailKind, type MailRecord, type MailStatus } from './mail';
import { MailTable } from './MailTable';
import './history.css';

interface Props {
  /** The list's endpoint: the whole history or one person's mail. */
  url: string;
  /** The empty state when no filter is set. */
  empty: ReactNode;
}

export function MailList({ url, empty }: Props) {
  const view = useListPage(mailFilters, url);
  const { filters, update } = view;
  const [resending, setResending] = useState<number | null>(null);

  /** Asks, then puts a copy of `mail` back into the outbox and shows it in the list. */
  const resend = async (mail: MailRecord) => {
    const sure = await confirm({
      title: 'Отправить письмо ещё раз?',
      message: `Копия письма «${mail.subject}» уйдёт на ${mail.to}. Неотправленное письмо останется в истории.`,
      action: 'Отправить',
    });
    if (!sure) return;
    setResending(mail.id);
    try {
      await api(resendUrl(mail.id), { method: 'POST', body: {} });
      addToast({ color: 'success', title: 'Письмо снова в очереди на отправку', description: mail.to });
      view.list.reload();
    } catch {
      // The client has already shown what went wrong.
    } finally {
      setResending(null);
    }
  };
  return (
    <>
      <search className="filters">
        <SearchField
          value={filters.search}
          onSearch={(search) => update({ search }, true)}
          placeholder="Адрес, имя или тема"
          label="Поиск по адресу, имени и теме"
        />
        <select value={filters.status} onChange={(event) => update({ status: event.target.value as MailStatus })} aria-label="Статус">
          <option value="">Все статусы</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_NAMES[status]}
            </option>
          ))}
        </select>
        <select value={filters.kind} onChange={(event) => update({ kind: event.target.value as MailKind })} aria-label="Тип письма">
          <option value="">Все типы</option>
          {MAIL_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_NAMES[kind]}
            </option>
          ))}
        </select>
      </search>
      <ListResults view={view} what="историю писем" empty={empty}>
        {(rows, busy) => <MailTable rows={rows} busy={busy} onResend={(mail) => void resend(mail)} resending={resending} />}
      </ListResults>
    </>
  );
}
