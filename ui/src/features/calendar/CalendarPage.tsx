//! /calendar: one's own calendar (a parent's holds his children's lessons); staff see the whole
//! school's, or one teacher's (a person picked; a teacher opens on his own and may clear it) and
//! one room's (typed; applies once typing pauses, spec §9). Below: one's own private iCal link.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { PageHeading } from '../../components/PageHeading';
import { PersonField } from '../../components/PeoplePicker';
import { api } from '../../lib/api/client';
import { useDebounced } from '../../lib/useDebounced';
import { currentUser, isStaff } from '../../lib/user';
import { endpoints } from '../../paths';
import { CalendarView } from './CalendarView';
import { INPUT_DEBOUNCE_MS } from './constants';
import { FeedLink } from './FeedLink';
import { teacherOf, teacherParam } from './teacher';
import { usePeriod } from './usePeriod';

type Person = Ok<'users_show'>['data'];
type Shown = Pick<Person, 'id'> & Partial<Pick<Person, 'full_name'>>;

export default function CalendarPage() {
  const { user } = useSnapshot(currentUser);
  const { view, anchor, params, navigate } = usePeriod();
  const staff = isStaff(user);
  const teacherId = user ? teacherOf(params.get('teacher'), user) : null;
  // The teacher picked last (with his name); the address decides whether he is still the one shown.
  const [picked, setPicked] = useState<Shown | null>(null);
  const teacher: Shown | null =
    teacherId === null ? null : picked?.id === teacherId ? picked : teacherId === user?.id ? { id: user.id, full_name: user.full_name } : { id: teacherId };
  const [room, setRoom] = useState(params.get('room') ?? '');
  const settledRoom = useDebounced(room, INPUT_DEBOUNCE_MS);

  useEffect(() => {
    if ((params.get('room') ?? '') !== settledRoom) navigate({}, { room: settledRoom });
  }, [settledRoom]);

  useEffect(() => {
    if (!teacherId || teacher?.full_name) return;
    api<Ok<'users_show'>>(`${endpoints.users}/${teacherId}`).then(({ data }) => setPicked(data), () => undefined);
  }, [teacherId]);

  if (!user) return null;
  const scope = staff ? { userId: teacherId, room: settledRoom } : { userId: user.id, room: '' };

  return (
    <>
      <PageHeading title="Календарь" />
      {staff && (
        <search className="filters cal-filters">
          <label>
            Учитель
            <PersonField
              label="Учитель"
              person={teacher}
              onChange={(person) => {
                setPicked(person);
                navigate({}, { teacher: teacherParam(person?.id ?? null, user) });
              }}
            />
          </label>
          <label>
            Кабинет
            <input type="search" value={room} placeholder="Все кабинеты" onChange={(event) => setRoom(event.target.value)} />
          </label>
        </search>
      )}
      <CalendarView view={view} anchor={anchor} scope={scope} editable={staff} onNavigate={(change) => navigate(change)} />
      <FeedLink userId={user.id} own />
    </>
  );
}
