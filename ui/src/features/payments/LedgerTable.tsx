//! The rows of a ledger: day, (student,) what it is for, the signed amount, (who and when,) and
//! per row a receipt for a payment and «Сторно» for a manager where the server says the entry
//! may be reversed (`reversible`, one rule for every ledger). A reversed entry is struck out;
//! on phones each row becomes a card (data-label).
import { Link } from 'react-router';
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { formatDate, formatDateTime } from '../../lib/format';
import { KIND_NAMES, signedMoney, type LedgerEntry } from '../../lib/ledger';
import { to } from '../../lib/person';
import { paths } from '../../paths';

interface Props {
  rows: readonly LedgerEntry[];
  busy: boolean;
  /** The student's column (the school's ledger). */
  student?: boolean;
  /** Who recorded it and when (the history). */
  author?: boolean;
  /** «Сторно» on each entry that may be reversed (managers). */
  onReverse?: (entry: LedgerEntry) => void;
}

export function LedgerTable({ rows, busy, student = false, author = false, onReverse }: Props) {
  return (
    <DataTable
      caption="Записи"
      className="ledger-table"
      busy={busy}
      head={
        <>
          <th scope="col">Дата</th>
          {student && <th scope="col">Ученик</th>}
          <th scope="col">Запись</th>
          <th scope="col" className="money">
            Сумма
          </th>
          {author && <th scope="col">Кто и когда</th>}
          <ActionsHeader />
        </>
      }
    >
      {rows.map((entry) => (
        <tr key={entry.id} className={entry.reversed_by != null ? 'reversed' : undefined}>
          <td data-label="Дата">{formatDate(entry.date)}</td>
          {student && (
            <td data-label="Ученик">
              <Link to={to(paths.userPayments, entry.student_id)}>{entry.student_name}</Link>
            </td>
          )}
          <td data-label="Запись">
            <span>
              <span className="badge" data-kind={entry.kind}>
                {KIND_NAMES[entry.kind]}
              </span>{' '}
              <span className="ledger-title">{entry.title}</span>
              {entry.note && !entry.title.includes(entry.note) && <small className="muted ledger-note">{entry.note}</small>}
              {entry.reversed_by != null && <small className="muted ledger-note">Сторнировано</small>}
            </span>
          </td>
          <td data-label="Сумма" className={`money ${entry.effect < 0 ? 'minus' : 'plus'}`}>
            {signedMoney(entry.effect)}
          </td>
          {author && (
            <td data-label="Кто и когда">
              <span>
                {entry.created_by_name ?? 'Автоматически'}
                <small className="muted ledger-note">{formatDateTime(entry.created_at)}</small>
              </span>
            </td>
          )}
          <td>
            <div className="ledger-actions">
              {entry.kind === 'payment' && (
                <Link className="tap-link" to={to(paths.receipt, entry.id)} aria-label={`Квитанция: ${entry.title}, ${formatDate(entry.date)}`}>
                  Квитанция
                </Link>
              )}
              {onReverse && entry.reversible && (
                <button type="button" className="secondary outline" onClick={() => onReverse(entry)}>
                  Сторно
                </button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
