//! /users/{id}: a person's card: contacts, tags, family with links (the sides his roles allow),
//! staff notes, and the manager's actions.
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { TagList } from '../../components/TagBadge';
import { mayHaveChildren, mayHaveParents, UserHeader } from '../../components/UserHeader';
import { useTags } from '../../lib/tags';
import { currentUser } from '../../lib/user';
import { paths } from '../../paths';
import { to, type UserView } from '../../lib/person';
import { useCard } from '../../lib/useCard';
import { usePeople } from '../../lib/usePeople';
import { formatDate, formatDateTime, formatPhone } from '../../lib/format';
import { andMore, countPeople } from '../../lib/plural';
import { neverSignedIn } from './people';
import { UserActions } from './UserActions';
import './people.css';

/** A card's parents or children: the names of those the viewer may read (a student does not
 * read his parents' cards), and how many others; only how many when none is named («—»: none). */
function Relatives({ ids }: { ids: readonly number[] }) {
  const { people, loaded } = usePeople(ids);
  if (loaded && people.length === 0) return <span className="muted">{ids.length > 0 ? countPeople(ids.length) : '—'}</span>;
  const others = ids.length - people.length;
  return (
    <ul className="relatives" aria-busy={!loaded}>
      {people.map((person: UserView) => (
        <li key={person.id}>
          <Link to={to(paths.user, person.id)}>{person.full_name}</Link>
        </li>
      ))}
      {loaded && others > 0 && <li className="muted">{andMore(others, countPeople)}</li>}
    </ul>
  );
}

export default function UserCardPage() {
  const id = Number(useParams().id);
  const { user } = useSnapshot(currentUser);
  const staff = mayOpen(['worker'], user);
  const { card, status, setCard, reload } = useCard(id);
  const { tags } = useTags(staff);
  return (
    <UserHeader card={card} status={status}>
      {card && (
        <div className="card-columns">
          <article className="user-details">
            <dl>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${card.email}`}>{card.email}</a>
                {!card.email_verified && <small className="muted"> не подтверждён</small>}
              </dd>
              <dt>Телефон</dt>
              <dd>{card.phone ? <a href={`tel:${card.phone}`}>{formatPhone(card.phone)}</a> : <span className="muted">—</span>}</dd>
              <dt>Дата рождения</dt>
              <dd>{card.birth_date ? formatDate(card.birth_date) : <span className="muted">—</span>}</dd>
              {staff && (
                <>
                  <dt>Теги</dt>
                  <dd>{card.tags.length ? <TagList ids={card.tags} known={tags} /> : <span className="muted">—</span>}</dd>
                </>
              )}
              {mayHaveParents(card) && (
                <>
                  <dt>Родители</dt>
                  <dd>
                    <Relatives ids={card.parent_ids} />
                  </dd>
                </>
              )}
              {mayHaveChildren(card) && (
                <>
                  <dt>Дети</dt>
                  <dd>
                    <Relatives ids={card.children_ids} />
                  </dd>
                </>
              )}
              <dt>Создан</dt>
              <dd>{formatDateTime(card.created_at)}</dd>
              <dt>Последний вход</dt>
              <dd>{card.last_login_at ? formatDateTime(card.last_login_at) : <span className="muted">{neverSignedIn(card)}</span>}</dd>
            </dl>
            {staff && card.notes && (
              <section className="notes">
                <h2>Заметки</h2>
                <p>{card.notes}</p>
              </section>
            )}
          </article>
          {mayOpen(['manager'], user) && <UserActions card={card} tags={tags} onChange={setCard} onReload={reload} />}
        </div>
      )}
    </UserHeader>
  );
}
