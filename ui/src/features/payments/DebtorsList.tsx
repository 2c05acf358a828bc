//! The debtors (staff): every student below zero, largest debt first, with the parents to call,
//! the total debt, and «Принять оплату» per row for a manager; 50 a page, the page in the address.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { ListResults } from '../../components/ListResults';
import type { Ok } from '../../api/types';
import { formatMoney, formatPhone } from '../../lib/format';
import { to } from '../../lib/person';
import { useListPage } from '../../lib/useListPage';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { debtorFilters } from './payments';
import { takePayment } from './TakePaymentDialog';

type Debtor = Ok<'payments_debtors'>['data'][number];

export function DebtorsList() {
  const { user } = useSnapshot(currentUser);
  const manager = Boolean(user?.roles.includes('manager'));
  const view = useListPage(debtorFilters, endpoints.debtors);
  const meta = view.list.page?.meta as Ok<'payments_debtors'>['meta'] | undefined;
  const pay = async (debtor: Debtor) => {
    if (await takePayment({ student: { id: debtor.student_id, full_name: debtor.student_name } })) view.list.reload();
  };
  return (
    <>
      {meta && meta.count > 0 && (
        <p className="list-summary">
          Должников: {meta.count}, общий долг <strong>{formatMoney(meta.total_debt)}</strong>
        </p>
      )}
      <ListResults view={view} what="должников" empty={<p>Должников нет: у каждого ученика баланс не ниже нуля.</p>}>
        {(debtors, busy) => (
          <DataTable
            caption="Должники"
            className="debtors-table"
            busy={busy}
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
            {debtors.map((debtor) => (
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
        )}
      </ListResults>
    </>
  );
}
