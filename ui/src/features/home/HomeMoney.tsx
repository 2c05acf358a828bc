//! «Оплаты» on a student's and a parent's start page: the balance and packages of the student
//! himself and of each child, with a link to each one's ledger. A student alone sees it only when
//! the school keeps money for him.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BalanceFigure, PackagesList } from '../../components/StudentMoney';
import { keepsNoMoney, useStudentMoney, type StudentMoney } from '../../lib/ledger';
import { to } from '../../lib/person';
import { paths } from '../../paths';

type Learner = { id: number; name: string };

/** One learner's balance and current packages under his name (busy while `money` is null). */
function LearnerMoney({ learner, money }: { learner: Learner; money: StudentMoney | null }) {
  return (
    <div className="home-person">
      <h3>
        <Link to={to(paths.userPayments, learner.id)}>{learner.name}</Link>
      </h3>
      {money ? (
        <>
          <BalanceFigure balance={money.balance} large={false} />
          <PackagesList packages={money.packages.filter((item) => item.status === 'active' || item.status === 'frozen')} />
        </>
      ) : (
        <p aria-busy="true">Загружаем баланс…</p>
      )}
    </div>
  );
}

/** A learner's money, asked for here. */
function AskedMoney({ learner }: { learner: Learner }) {
  return <LearnerMoney learner={learner} money={useStudentMoney(learner.id).money} />;
}

/** The widget's frame: its heading and the link to all payments around `children`. */
function MoneyWidget({ children }: { children: ReactNode }) {
  return (
    <section className="home-widget home-money" aria-labelledby="home-money">
      <h2 id="home-money">Оплаты</h2>
      {children}
      <p>
        <Link to={paths.payments}>Все оплаты</Link>
      </p>
    </section>
  );
}

/** The money of each of `learners` (a parent's children, and the parent himself when a student too). */
export function HomeMoney({ learners }: { learners: readonly Learner[] }) {
  return (
    <MoneyWidget>
      {learners.map((learner) => (
        <AskedMoney key={learner.id} learner={learner} />
      ))}
    </MoneyWidget>
  );
}

/** A student's own money; nothing while it loads or when the school keeps none for him. */
export function OwnMoney({ student }: { student: Learner }) {
  const { money } = useStudentMoney(student.id);
  if (!money || keepsNoMoney(money)) return null;
  return (
    <MoneyWidget>
      <LearnerMoney learner={student} money={money} />
    </MoneyWidget>
  );
}
