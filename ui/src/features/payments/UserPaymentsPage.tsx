//! /users/{id}/payments: the card's «Оплаты» tab: the student's balance in large type, his
//! packages and his ledger; a manager takes a payment, sells and freezes packages, reverses
//! (not for a deleted student). A parent's card shows his children's money; anyone else's, a note.
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { UserHeader } from '../../components/UserHeader';
import { useCard } from '../../lib/useCard';
import { currentUser } from '../../lib/user';
import { ChildrenLedgers, StudentLedger } from './StudentLedger';
import { cardMoney } from './payments';
import './payments.css';

export default function UserPaymentsPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const { user } = useSnapshot(currentUser);
  const money = card && cardMoney(card, Boolean(user?.roles.includes('manager')));
  return (
    <UserHeader card={card} status={status} heading="Оплаты">
      {card && money?.show === 'own' && <StudentLedger student={card} manager={money.manager} />}
      {money?.show === 'children' && <ChildrenLedgers ids={money.ids} />}
      {money?.show === 'none' && <p className="muted">Оплаты ведутся только у учеников.</p>}
    </UserHeader>
  );
}
