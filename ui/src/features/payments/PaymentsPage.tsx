//! /payments: for staff the school's ledger (filters, totals, paging, CSV) and the debtors, with
//! «Принять оплату» for a manager; for a student his own money, for a parent each child's.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { currentUser, isStaff, type CurrentUser } from '../../lib/user';
import { DebtorsList } from './DebtorsList';
import { SchoolLedger } from './SchoolLedger';
import { ChildrenLedgers, StudentLedger } from './StudentLedger';
import { tabOf, type PaymentsTab } from './payments';
import { takePayment } from './TakePaymentDialog';
import { PageHeading } from '../../components/PageHeading';
import '../../components/UserHeader.css';
import './payments.css';

const TABS: Record<PaymentsTab, string> = { ledger: 'Операции', debtors: 'Должники' };

function StaffPayments({ manager }: { manager: boolean }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const [round, setRound] = useState(0);
  const take = async () => {
    if (await takePayment()) setRound((n) => n + 1);
  };
  return (
    <>
      <PageHeading title="Оплаты">
        {manager && (
          <button type="button" onClick={() => void take()}>
            Принять оплату
          </button>
        )}
      </PageHeading>
      <nav className="tabs" aria-label="Разделы оплат">
        {(Object.keys(TABS) as PaymentsTab[]).map((key) => (
          <a
            key={key}
            href={key === 'ledger' ? '?' : '?tab=debtors'}
            className={tab === key ? 'active' : undefined}
            aria-current={tab === key ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              setParams(key === 'ledger' ? {} : { tab: key });
            }}
          >
            {TABS[key]}
          </a>
        ))}
      </nav>
      {tab === 'debtors' ? <DebtorsList key={round} /> : <SchoolLedger key={round} />}
    </>
  );
}

function LearnerPayments({ user }: { user: CurrentUser }) {
  const student = user.roles.includes('student');
  const children = user.roles.includes('parent') ? user.children_ids : [];
  const shares = children.length + (student ? 1 : 0) > 1;
  return (
    <>
      <h1>Оплаты</h1>
      {student && <StudentLedger student={{ id: user.id, full_name: user.full_name }} manager={false} titled={children.length > 0} shares={shares} />}
      <ChildrenLedgers ids={children} shares={shares} />
      {!student && children.length === 0 && <p className="muted">К вашей учётной записи не привязаны дети.</p>}
    </>
  );
}

export default function PaymentsPage() {
  const { user } = useSnapshot(currentUser);
  if (!user) return null;
  return isStaff(user) ? <StaffPayments manager={user.roles.includes('manager')} /> : <LearnerPayments user={user} />;
}
