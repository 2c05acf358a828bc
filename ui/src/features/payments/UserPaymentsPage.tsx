//! /users/{id}/payments: the card's «Оплаты» tab: the student's balance in large type, his
//! packages and his ledger; a manager takes a payment, sells and freezes packages, reverses.
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { UserHeader } from '../../components/UserHeader';
import { useCard } from '../../lib/useCard';
import { currentUser } from '../../lib/user';
import { StudentLedger } from './StudentLedger';
import './payments.css';

export default function UserPaymentsPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const { user } = useSnapshot(currentUser);
  return (
    <UserHeader card={card} status={status} heading="Оплаты">
      {card && <StudentLedger student={card} manager={Boolean(user?.roles.includes('manager'))} />}
    </UserHeader>
  );
}
