//! The groups table: name (a link to the group), subject chip, teacher, the timetable in words,
//! students out of places, room; the headers of name, subject, teacher and students sort the list;
//! a click anywhere on the row opens the group; cards on phones.
import { Link, useNavigate } from 'react-router';
import { SortHeader } from '../../components/SortHeader';
import { SubjectChip } from '../../components/SubjectChip';
import { to } from '../../lib/person';
import type { GroupRow } from '../../lib/teaching';
import { paths } from '../../paths';
import { GROUP_SORTS } from './groups';

interface Props {
  rows: readonly GroupRow[];
  busy: boolean;
  sort: string;
  onSort: (sort: string) => void;
}

export function GroupsTable({ rows, busy, sort, onSort }: Props) {
  const navigate = useNavigate();
  return (
    <div className="table-scroll" aria-busy={busy}>
      <table className="data-table groups-table">
        <caption className="sr-only">Группы</caption>
        <thead>
          <tr>
            <SortHeader label={GROUP_SORTS.name} field="name" sort={sort} onSort={onSort} />
            <SortHeader label={GROUP_SORTS.subject} field="subject" sort={sort} onSort={onSort} />
            <SortHeader label={GROUP_SORTS.teacher} field="teacher" sort={sort} onSort={onSort} />
            <th scope="col">Расписание</th>
            <SortHeader label={GROUP_SORTS.students} field="students" sort={sort} onSort={onSort} />
            <th scope="col">Кабинет</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((group) => {
            const count = group.student_ids.length;
            return (
              <tr
                key={group.id}
                className="clickable-row"
                data-archived={group.archived ? true : undefined}
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest('a')) void navigate(to(paths.group, group.id));
                }}
              >
                <td data-label="Название">
                  <Link to={to(paths.group, group.id)}>{group.name}</Link>
                  {group.archived && <small className="muted">в архиве</small>}
                </td>
                <td data-label="Предмет">
                  <SubjectChip subject={{ name: group.subject_name, color: group.subject_color }} />
                </td>
                <td data-label="Учитель">{group.teacher_name}</td>
                <td data-label="Расписание" className="timetable-words">
                  {group.timetable || <span className="muted">нет</span>}
                </td>
                <td data-label="Ученики">{group.capacity ? `${count} из ${group.capacity}` : count}</td>
                <td data-label="Кабинет">{group.room || <span className="muted">—</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
