//! The groups table: name (a link to the group), subject chip, teacher, the timetable in words,
//! students out of places, room; a click anywhere on the row opens the group; cards on phones.
import { Link, useNavigate } from 'react-router';
import { SortHeader } from '../../components/SortHeader';
import { shortName } from '../../lib/format';
import { SubjectChip } from '../../components/SubjectChip';
import { to, type UserView } from '../../lib/person';
import { subjectOf, type GroupRow, type Subject } from '../../lib/teaching';
import { timetableInWords } from '../../lib/timetable';
import { paths } from '../../paths';
import { GROUP_SORTS } from './groups';

interface Props {
  rows: readonly GroupRow[];
  subjects: readonly Subject[];
  teachers: readonly UserView[];
  busy: boolean;
  sort: string;
  onSort: (sort: string) => void;
}

export function GroupsTable({ rows, subjects, teachers, busy, sort, onSort }: Props) {
  const navigate = useNavigate();
  return (
    <div className="table-scroll" aria-busy={busy}>
      <table className="data-table groups-table">
        <caption className="sr-only">Группы</caption>
        <thead>
          <tr>
            <SortHeader label={GROUP_SORTS.name} field="name" sort={sort} onSort={onSort} />
            <th scope="col">Предмет</th>
            <th scope="col">Учитель</th>
            <th scope="col">Расписание</th>
            <th scope="col">Ученики</th>
            <th scope="col">Кабинет</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((group) => {
            const teacher = teachers.find((person) => person.id === group.teacher_id);
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
                  <SubjectChip subject={subjectOf(subjects, group.subject_id)} />
                </td>
                <td data-label="Учитель">{teacher ? shortName(teacher.full_name) : '…'}</td>
                <td data-label="Расписание" className="timetable-words">
                  {timetableInWords(group.schedule) || <span className="muted">нет</span>}
                </td>
                <td data-label="Ученики">{group.capacity ? `${count} / ${group.capacity}` : count}</td>
                <td data-label="Кабинет">{group.room || <span className="muted">—</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
