//! /users/{id}/logs (manager): what one person did and what was done to them, newest first.
import { useParams } from 'react-router';
import { UserHeader } from '../../components/UserHeader';
import { useCard, userUrl } from '../../lib/useCard';
import { useListPage } from '../../lib/useListPage';
import { personLogFilters } from './activity';
import { ActivityLog } from './ActivityLog';

export default function UserLogsPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const view = useListPage(personLogFilters, userUrl(id, 'logs'));
  return (
    <UserHeader card={card} status={status} heading="Журнал действий">
      <ActivityLog view={view} personId={id} empty={<p>В журнале пока нет записей об этом человеке.</p>} />
    </UserHeader>
  );
}
