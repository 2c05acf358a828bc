//! The debtors (staff): every student below zero, largest debt first, with the parents to call,
//! the total debt, and «Принять оплату» per row for a manager; 50 a page.
import { useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import type { Ok } from '../../api/types';
import { formatMoney, formatPhone } from '../../lib/format';
import { to } from '../../lib/person';
import { useList } from '../../lib/useList';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { takePayment } from './TakePaymentDialog';

type Debtor = Ok<'payments_debtors'>['data'][number];

export function DebtorsList() {
  const { user } = useSnapshot(currentUser);
  const manager = Boolean(user?.roles.includes('manager'));
  const [page, setPage] = useState(1);
  const list = useList<Debtor>(endpoints.debtors, { page, per_page: 50 });
  const meta = list.page?.meta as Ok<'payments_debtors'>['meta'] | undefined;
  if (!list.page) {
    if (list.failed)
      return (
        <div className="empty-state">
          <p>Не удалось загрузить должников.</p>
          <button type="button" className="secondary outline" onClick={list.reload}>
            Повторить
          </button>
        </div>
      );
    return <p aria-busy="true">Загружаем должников…</p>;
  }
  if (list.page.data.length === 0) return <div className="empty-state"><p>Должников нет: у каждого ученика баланс не ниже нуля.</p></div>;
  const pay = async (debtor: Debtor) => {
    if (await takePayment({ student: { id: debtor.student_id, full_name: debtor.student_name } })) list.reload();
  };
  return (
    <>
      {meta && (
        <p className="list-summary">
          Должников: {meta.count}, общий долг <strong>{formatMoney(meta.total_debt)}</strong>
        </p>
      )}
      <DataTable
        caption="Должники"
        className="debtors-table"
        busy={list.loading}
        head={
          <>
            <th scope="col">Ученик</th>
            <th scope="col" className="money">
              Долг
            </th>
            <th scope="col">Родители</th>
            <ActionsHeader />
          </>
        }
      >
        {list.page.data.map((debtor) => (
          <tr key={debtor.student_id}>
            <td data-label="Ученик">
              <Link to={to(paths.userPayments, debtor.student_id)}>{debtor.student_name}</Link>
            </td>
            <td data-label="Долг" className="money minus">
              {formatMoney(-debtor.balance)}
            </td>
            <td data-label="Родители">
              <span>
                {debtor.parents.length === 0 && <span className="muted">Не указаны</span>}
                {debtor.parents.map((parent) => (
                  <span key={parent.id} className="debtor-parent">
                    {parent.name}
                    {parent.phone && (
                      <>
                        {', '}
                        <a href={`tel:${parent.phone}`}>{formatPhone(parent.phone)}</a>
                      </>
                    )}
                    {', '}
                    <a href={`mailto:${parent.email}`}>{parent.email}</a>
                  </span>
                ))}
              </span>
            </td>
            <td>
              {manager && (
                <div className="ledger-actions">
                  <button type="button" onClick={() => void pay(debtor)} aria-label={`Принять оплату: ${debtor.student_name}`}>
                    Принять оплату
                  </button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {meta && <Pagination meta={meta} onPage={setPage} />}
    </>
  );
}
