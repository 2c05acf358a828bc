//! «Оплаты» on a parent's start page: each child's balance and packages, with a link to the
//! child's ledger.
import { Link } from 'react-router';
import { BalanceFigure, PackagesList } from '../../components/StudentMoney';
import { useStudentMoney } from '../../lib/ledger';
import { to } from '../../lib/person';
import { paths } from '../../paths';

function ChildMoney({ child }: { child: { id: number; name: string } }) {
  const { money } = useStudentMoney(child.id);
  return (
    <div className="home-person">
      <h3>
        <Link to={to(paths.userPayments, child.id)}>{child.name}</Link>
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

export function HomeMoney({ learners }: { learners: readonly { id: number; name: string }[] }) {
  return (
    <section className="home-widget home-money" aria-labelledby="home-money">
      <h2 id="home-money">Оплаты</h2>
      {learners.map((child) => (
        <ChildMoney key={child.id} child={child} />
      ))}
      <p>
        <Link to={paths.payments}>Все оплаты</Link>
      </p>
    </section>
  );
}
