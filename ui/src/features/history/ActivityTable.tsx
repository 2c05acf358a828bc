//! The activity log's table, newest first: when, who (a manager acting as someone as both
//! people, each a link to the card), what was done with the change under it (a link to what it
//! is about), and from where; on phones each row becomes a card with labelled cells.
import { Fragment } from 'react';
import { Link } from 'react-router';
import { RecordsTable } from '../../components/RecordsTable';
import { to } from '../../lib/person';
import { paths } from '../../paths';
import { entityLink, ON_BEHALF, SYSTEM, whoDid, whoText, type ActivityEntry, type Person } from './activity';
import { formatDateTime } from '../../lib/format';

const COLUMNS = ['Дата', 'Кто', 'Действие', 'IP'] as const;

function PersonLink({ person }: { person: Person }) {
  if (person.id === null) return <span className="person-name">{person.name}</span>;
  return (
    <Link to={to(paths.user, person.id)} className="person-name">
      {person.name}
    </Link>
  );
}

function Who({ entry }: { entry: ActivityEntry }) {
  const people = whoDid(entry);
  if (people.length === 0) return <span className="muted">{SYSTEM}</span>;
  return (
    <span title={whoText(entry)} data-impersonated={people.length > 1 || undefined}>
      {people.map((person, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="muted">{ON_BEHALF}</span>}
          <PersonLink person={person} />
        </Fragment>
      ))}
    </span>
  );
}

function Row({ entry, here }: { entry: ActivityEntry; here: number | null }) {
  const [date, who, action, ip] = COLUMNS;
  const link = entityLink(entry, here);
  const title = link ? <Link to={link}>{entry.action_title}</Link> : entry.action_title;
  return (
    <tr>
      <td data-label={date}>
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </td>
      <td data-label={who} className="activity-who">
        <Who entry={entry} />
      </td>
      <td data-label={action} className="activity-what">
        <span>
          {title}
          {entry.summary !== entry.action_title && <small>{entry.summary}</small>}
        </span>
      </td>
      <td data-label={ip} className="activity-ip">
        {entry.ip ?? <span className="muted">—</span>}
      </td>
    </tr>
  );
}

interface Props {
  rows: readonly ActivityEntry[];
  busy: boolean;
  /** The person whose own log this is: rows do not link back to the page itself. */
  here?: number;
}

export function ActivityTable({ rows, busy, here }: Props) {
  return (
    <RecordsTable caption="Журнал действий" columns={COLUMNS} busy={busy} className="activity-table">
      {rows.map((entry) => (
        <Row key={entry.id} entry={entry} here={here ?? null} />
      ))}
    </RecordsTable>
  );
}
