//! One student's money (`GET /api/users/{id}/payments`): the balance in large type, a manager's
//! «Принять оплату», «Продать абонемент», «Списать» and (with money on the balance) «Вернуть
//! деньги», the packages with the lessons left (a manager freezes one or gives back its unused
//! part), and the ledger newest first, paged, with «Сторно» for a manager; and a parent's
//! children's money, each under the child's name.
import { ListResults } from '../../components/ListResults';
import { BalanceFigure, PackagesList } from '../../components/StudentMoney';
import type { Ok } from '../../api/types';
import { studentPaymentsUrl, type LedgerEntry, type MoneyPackage } from '../../lib/ledger';
import { useListPage } from '../../lib/useListPage';
import { usePeople } from '../../lib/usePeople';
import { chargeStudent } from './ChargeDialog';
import { LedgerTable } from './LedgerTable';
import { freezePackage, sellPackage } from './PackageDialogs';
import { payOut, refundPackage } from './RefundDialogs';
import { reverseEntry } from './ReverseDialog';
import { ledgerFiltersOf } from './payments';
import { takePayment } from './TakePaymentDialog';

interface Props {
  student: { id: number; full_name: string };
  /** A manager's buttons. */
  manager: boolean;
  /** The name over the balance (a parent's children). */
  titled?: boolean;
  /** Other ledgers on the page too: this one pages under its own address parameters. */
  shares?: boolean;
}

/** The whole answer of a page: its rows with the balance and the packages beside them. */
type Answer = Ok<'users_payments'>;

export function StudentLedger({ student, manager, titled = false, shares = false }: Props) {
  const view = useListPage(ledgerFiltersOf(student.id, shares), studentPaymentsUrl(student.id));
  // One call: the ledger's page carries the balance and the packages too.
  const answer = view.list.page as Answer | null;
  const changed = (done: boolean) => {
    if (done) view.list.reload();
  };
  const reverse = async (entry: LedgerEntry) => changed(await reverseEntry(entry));
  return (
    <section className="student-money" aria-label={`Оплаты: ${student.full_name}`}>
      {titled && <h2>{student.full_name}</h2>}
      {answer ? <BalanceFigure balance={answer.balance} /> : null}
      {manager && (
        <div className="money-actions">
          <button type="button" onClick={() => void takePayment({ student }).then(changed)}>
            Принять оплату
          </button>
          <button type="button" className="secondary" onClick={() => void sellPackage(student).then(changed)}>
            Продать абонемент
          </button>
          <button type="button" className="secondary outline" onClick={() => void chargeStudent(student).then(changed)}>
            Списать
          </button>
          {answer && answer.balance > 0 && (
            <button type="button" className="secondary outline" onClick={() => void payOut(student, answer.balance).then(changed)}>
              Вернуть деньги
            </button>
          )}
        </div>
      )}
      <h3>Абонементы</h3>
      {answer ? (
        <PackagesList
          packages={answer.packages}
          actions={manager ? (item) => <PackageActions item={item} changed={changed} /> : undefined}
        />
      ) : (
        <p aria-busy="true">Загружаем абонементы…</p>
      )}
      <h3>Операции</h3>
      <ListResults view={view} what="записи" empty={<p>Записей пока нет.</p>}>
        {(rows, busy) => <LedgerTable rows={rows} busy={busy} onReverse={manager ? (entry) => void reverse(entry) : undefined} />}
      </ListResults>
    </section>
  );
}

/** A manager's buttons on a package: «Заморозить» while it is active, «Вернуть остаток» while
 *  its unused part is worth something. */
function PackageActions({ item, changed }: { item: MoneyPackage; changed: (done: boolean) => void }) {
  return (
    <div className="package-actions">
      {item.status === 'active' && (
        <button type="button" className="secondary outline" onClick={() => void freezePackage(item).then(changed)}>
          Заморозить
        </button>
      )}
      {item.refundable > 0 && (
        <button type="button" className="secondary outline" onClick={() => void refundPackage(item).then(changed)}>
          Вернуть остаток
        </button>
      )}
    </div>
  );
}

/** The money of each of `ids` (a parent's children) under the child's name, read only; each
 *  pages on its own when the page `shares` the address among several ledgers. */
export function ChildrenLedgers({ ids, shares = ids.length > 1 }: { ids: readonly number[]; shares?: boolean }) {
  const { people, loaded } = usePeople(ids);
  return (
    <>
      {ids.length > 0 && !loaded && <p aria-busy="true">Загружаем детей…</p>}
      {people.map((child) => (
        <StudentLedger key={child.id} student={{ id: child.id, full_name: child.full_name ?? '' }} manager={false} titled shares={shares} />
      ))}
    </>
  );
}
