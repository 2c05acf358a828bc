//! /group-lessons (staff): the school's groups — name, subject, teacher, timetable in words,
//! students out of places, room — searched, filtered by subject, teacher and archive, sorted by
//! the server (name, subject, teacher, students; the column headers) and paged by the list kit;
//! «Создать группу».
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { PersonField } from '../../components/PeoplePicker';
import { SearchField } from '../../components/SearchField';
import { usePeople } from '../../lib/usePeople';
import { useListPage } from '../../lib/useListPage';
import { useSubjects } from '../../lib/teaching';
import { endpoints, paths } from '../../paths';
import { GROUP_SORTS, groupFilters } from './groups';
import { GroupsTable } from './GroupsTable';
import './groups.css';

export default function GroupsPage() {
  const view = useListPage(groupFilters, endpoints.groups);
  const { filters, update } = view;
  const { subjects } = useSubjects();
  const { people } = usePeople(filters.teacher ? [filters.teacher] : []);
  const teacher = filters.teacher ? (people[0] ?? { id: filters.teacher }) : null;

  return (
    <>
      <PageHeading title="Группы">
        <Link to={paths.groupCreate} role="button">
          <Icon name="plus" size={18} /> Создать группу
        </Link>
      </PageHeading>
      <search className="filters groups-filters">
        <SearchField value={filters.search} onSearch={(search) => update({ search }, true)} placeholder="Название группы" label="Поиск по названию группы" />
        <select aria-label="Предмет" value={filters.subject ?? ''} onChange={(event) => update({ subject: event.target.value ? Number(event.target.value) : null })}>
          <option value="">Все предметы</option>
          {subjects.map((subject) => (
            <option key={subject.id} value={subject.id}>
              {subject.name}
            </option>
          ))}
        </select>
        <PersonField person={teacher} onChange={(person) => update({ teacher: person?.id ?? null })} label="Учитель" role="worker" />
        <label className="inline-check">
          <input type="checkbox" role="switch" checked={filters.archived} onChange={(event) => update({ archived: event.target.checked })} />
          Показать архивные
        </label>
      </search>
      <ListResults view={view} what="группы" sorts={GROUP_SORTS} empty={<p>Групп пока нет. Создайте группу: предмет, учитель, ученики и расписание на неделю.</p>}>
        {(page, busy) => <GroupsTable rows={page} busy={busy} sort={filters.sort} onSort={(sort) => update({ sort })} />}
      </ListResults>
    </>
  );
}
