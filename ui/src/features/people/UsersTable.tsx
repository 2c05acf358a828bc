//! The people table: the name links to the card (a click anywhere on the row does too); on phones
//! each row becomes a card with labelled cells.
import { Link, useNavigate } from 'react-router';
import { SortHeader } from '../../components/SortHeader';
import { RoleBadges } from '../../components/RoleBadges';
import { TagList } from '../../components/TagBadge';
import { to, type UserView } from '../../lib/person';
import type { Tag } from '../../lib/tags';
import { paths } from '../../paths';
import { PEOPLE_SORTS } from './people';
import { formatDate, formatPhone } from '../../lib/format';

interface Props {
  rows: readonly UserView[];
  tags: readonly Tag[];
  showTags: boolean;
  busy: boolean;
  sort: string;
  onSort: (sort: string) => void;
}

/** An address that wraps before its `@` rather than inside a word. */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export function UsersTable({ rows, tags, showTags, busy, sort, onSort }: Props) {
  const navigate = useNavigate();
  return (
    <div className="table-scroll" aria-busy={busy}>
      <table className="data-table people-table">
        <caption className="sr-only">Пользователи</caption>
        <thead>
          <tr>
            <SortHeader label={PEOPLE_SORTS.last_name} field="last_name" sort={sort} onSort={onSort} />
            <th scope="col">Роли</th>
            <SortHeader label={PEOPLE_SORTS.email} field="email" sort={sort} onSort={onSort} />
            {showTags && <th scope="col">Теги</th>}
            <SortHeader label={PEOPLE_SORTS.created_at} field="created_at" sort={sort} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => (
            <tr
              key={user.id}
              className="clickable-row"
              data-deleted={user.deleted_at ? true : undefined}
              onClick={(event) => {
                if (!(event.target as HTMLElement).closest('a')) void navigate(to(paths.user, user.id));
              }}
            >
              <td data-label="ФИО">
                <Link to={to(paths.user, user.id)}>{user.full_name}</Link>
                {user.deleted_at && <small className="muted">удалён {formatDate(user.deleted_at)}</small>}
              </td>
              <td data-label="Роли">
                <RoleBadges roles={user.roles} />
              </td>
              <td data-label="Контакты" className="people-contacts">
                <span>{breakableEmail(user.email)}</span>
                {user.phone && <small className="muted">{formatPhone(user.phone)}</small>}
              </td>
              {showTags && (
                <td data-label="Теги">
                  <TagList ids={user.tags} known={tags} />
                </td>
              )}
              <td data-label="Создан">
                <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
