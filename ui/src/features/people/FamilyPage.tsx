//! The family pages of a user: /users/{id}/parents (worker) and /users/{id}/children (manager):
//! pick the people, save, back to the card; a 422 (self-link, loop) shows under the choice.
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PeoplePicker } from '../../components/PeoplePicker';
import { UserHeader } from '../../components/UserHeader';
import { api, ApiError } from '../../lib/api/client';
import { to, type UserCard, type UserView } from '../../lib/person';
import { isChanged } from '../../lib/picker';
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
  const navigate = useNavigate();
  const { card, status } = useCard(id);
  const saved = card ? ids(card) : [];
  const known = usePeople(saved);
  // Until the current links are in, saving would overwrite them with a partial choice.
  const ready = card !== null && known.loaded;
  const [chosen, setChosen] = useState<UserView[]>([]);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => setChosen(known.people), [known.people]);

  const save = async () => {
    setPending(true);
    try {
      await api(userUrl(id, `${relation}/save`), { method: 'POST', body: { [relation]: chosen.map((p) => p.id) } });
      addToast({ color: 'success', title: 'Сохранено', description: heading });
      void navigate(to(paths.user, id));
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fieldErrors[relation] ?? failure.message);
    } finally {
      setPending(false);
    }
  };

  return (
    <UserHeader card={card} status={status} heading={heading}>
      <section className="form-page">
        <fieldset disabled={!ready}>
          <PeoplePicker
            role={role}
            selfId={id}
            chosen={chosen}
            onChange={(next) => {
              setError('');
              setChosen(next);
            }}
            error={error}
          />
        </fieldset>
        <div className="form-actions">
          <button type="button" aria-busy={pending} disabled={!ready || pending || !isChanged(chosen, saved)} onClick={() => void save()}>
            Сохранить
          </button>
          <button type="button" className="secondary outline" onClick={() => void navigate(to(paths.user, id))}>
            Отмена
          </button>
        </div>
      </section>
    </UserHeader>
  );
}
