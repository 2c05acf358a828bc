//! /users: the people of the school — search as you type, filters by role and tag, the deleted on
//! request, sortable columns, page size and paging, all in the address (the list kit).
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { ChoiceMenu } from '../../components/ChoiceMenu';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { SearchField } from '../../components/SearchField';
import { ROLE_NAMES, ROLES } from '../../lib/person';
import { useTags } from '../../lib/tags';
import { useListPage } from '../../lib/useListPage';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { PEOPLE_SORTS, peopleFilters } from './people';
import { UsersTable } from './UsersTable';
import './people.css';

export default function UsersPage() {
  const { user } = useSnapshot(currentUser);
  const staff = mayOpen(['worker'], user);
  const view = useListPage(peopleFilters, endpoints.users);
  const { filters, update } = view;
  const { tags } = useTags(staff);

  return (
    <>
      <PageHeading title="Пользователи">
        {mayOpen(['manager'], user) && (
          <div className="heading-actions">
            <Link to={paths.usersImport} role="button" className="secondary">
              Импорт
            </Link>
            <Link to={paths.userCreate} role="button">
              <Icon name="plus" size={18} /> Создать
            </Link>
          </div>
        )}
      </PageHeading>
      <search className="filters people-filters">
        <SearchField
          value={filters.search}
          onSearch={(search) => update({ search }, true)}
          placeholder="ФИО, email или телефон"
          label="Поиск по ФИО, email и телефону"
        />
        <ChoiceMenu
          label="Роли"
          options={ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }))}
          chosen={filters.roles}
          onChange={(roles) => update({ roles })}
        />
        {staff && (
          <ChoiceMenu
            label="Теги"
            options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            chosen={filters.tags}
            onChange={(ids) => update({ tags: ids })}
          />
        )}
        {staff && (
          <label className="inline-check">
            <input type="checkbox" role="switch" checked={filters.trashed} onChange={(event) => update({ trashed: event.target.checked })} />
            Показать удалённых
          </label>
        )}
      </search>
      <ListResults view={view} what="пользователей" empty={<p>Пользователей пока нет.</p>} sorts={PEOPLE_SORTS}>
        {(rows, busy) => <UsersTable rows={rows} tags={tags} showTags={staff} busy={busy} sort={filters.sort} onSort={(sort) => update({ sort })} />}
      </ListResults>
    </>
  );
}
