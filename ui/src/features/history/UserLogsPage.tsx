//! /users/{id}/logs (manager): what one person did and what was done to them, newest first.
import { useParams } from 'react-router';
import { UserHeader } from '../../components/UserHeader';
import { useCard, userUrl } from '../../lib/useCard';
import { ActivityLog } from './ActivityLog';

export default function UserLogsPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  return (
    <UserHeader card={card} status={status} heading="Журнал действий">
      <ActivityLog url={userUrl(id, 'logs')} byPerson={false} personId={id} empty={<p>В журнале пока нет записей об этом человеке.</p>} />
    </UserHeader>
  );
}
