//! /users/{id}/mail (manager): the mail the portal sent or tried to send to one person.
import { useParams } from 'react-router';
import { UserHeader } from '../../components/UserHeader';
import { useCard, userUrl } from '../../lib/useCard';
import { MailList } from './MailList';

export default function UserMailPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  return (
    <UserHeader card={card} status={status} heading="Почта">
      <MailList url={userUrl(id, 'mail')} empty={<p>Писем этому человеку пока не было.</p>} />
    </UserHeader>
  );
}
