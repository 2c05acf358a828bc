//! The family pages of a user: /users/{id}/parents (worker) and /users/{id}/children (manager).
//! Adding or removing a person saves at once (there is nothing left unsaved to lose on leaving);
//! a refused change (self-link, loop, wrong role) is undone and its 422 message shows under the
//! choice.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PeoplePicker } from '../../components/PeoplePicker';
import { UserHeader } from '../../components/UserHeader';
import { api, ApiError } from '../../lib/api/client';
import { to, type UserCard, type UserView } from '../../lib/person';
import { addToast } from '../../lib/toasts';
import { useCard, userUrl } from '../../lib/useCard';
import { usePeople } from '../../lib/usePeople';
import { paths } from '../../paths';
import './people.css';

const RELATIONS = {
  parents: { heading: 'Родители', role: 'parent', ids: (card: UserCard) => card.parent_ids },
  children: { heading: 'Дети', role: 'student', ids: (card: UserCard) => card.children_ids },
} as const;

export function FamilyPage({ relation }: { relation: keyof typeof RELATIONS }) {
  const { heading, role, ids } = RELATIONS[relation];
  const id = Number(useParams().id);
  const { card, status, setCard } = useCard(id);
  const known = usePeople(card ? ids(card) : []);
  // Until the current links are in, a change would overwrite them with a partial choice.
  const ready = card !== null && known.loaded;
  const [chosen, setChosen] = useState<UserView[]>([]);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => setChosen(known.people), [known.people]);

  /** Saves `next` as the whole list; on a refusal the list on screen goes back to what it was. */
  const save = async (next: UserView[], title: string, who: string) => {
    const before = chosen;
    setError('');
    setChosen(next);
    setPending(true);
    try {
      const { data } = await api<{ data: UserCard }>(userUrl(id, `${relation}/save`), {
        method: 'POST',
        body: { [relation]: next.map((p) => p.id) },
      });
      setCard(data);
      addToast({ color: 'success', title, description: `${heading}: ${who}` });
    } catch (failure) {
      setChosen(before);
      if (failure instanceof ApiError) setError(failure.fieldErrors[relation] ?? failure.message);
    } finally {
      setPending(false);
    }
  };

  const onChange = (next: UserView[]) => {
    const added = next.find((p) => !chosen.some((c) => c.id === p.id));
    const removed = chosen.find((c) => !next.some((p) => p.id === c.id));
    if (added) void save(next, 'Связь добавлена', added.full_name);
    else if (removed) void save(next, 'Связь убрана', removed.full_name);
  };

  return (
    <UserHeader card={card} status={status} heading={heading}>
      <section className="form-page">
        <p className="muted">Изменения сохраняются сразу.</p>
        <fieldset disabled={!ready || pending} aria-busy={pending}>
          <PeoplePicker role={role} selfId={id} chosen={chosen} onChange={onChange} error={error} />
        </fieldset>
        <div className="form-actions">
          <Link to={to(paths.user, id)} role="button" className="secondary outline">
            К карточке
          </Link>
        </div>
      </section>
    </UserHeader>
  );
}
