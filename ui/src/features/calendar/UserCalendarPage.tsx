//! /users/{id}/calendar: a person's calendar under his card's header and tabs (staff, the person,
//! his parents), with his private iCal link for those the server shows it to.
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { UserHeader } from '../../components/UserHeader';
import { useCard } from '../../lib/useCard';
import { currentUser, isStaff } from '../../lib/user';
import { CalendarView } from './CalendarView';
import { FeedLink } from './FeedLink';
import { usePeriod } from './usePeriod';

export default function UserCalendarPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const { user } = useSnapshot(currentUser);
  const { view, anchor, navigate } = usePeriod();
  const staff = isStaff(user);
  return (
    <UserHeader card={card} status={status} heading="Календарь">
      <CalendarView view={view} anchor={anchor} scope={{ userId: id, room: '' }} editable={staff} onNavigate={(change) => navigate(change)} />
      <FeedLink userId={id} own={user?.id === id} />
    </UserHeader>
  );
}
