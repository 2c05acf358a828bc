//! The people of the school: search as you type, filters by role and tag, the deleted on request,
//! sortable columns, paging; the filters live in the query string.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { ChoiceMenu } from '../../components/ChoiceMenu';
import { Icon } from '../../components/Icon';
import { PageHeading } from '../../components/PageHeading';
import { Pagination } from '../../components/Pagination';
import { ROLE_NAMES, ROLES, type UserView } from '../../lib/person';
import { useTags } from '../../lib/tags';
import { useDebounced } from '../../lib/useDebounced';
import { useList } from '../../lib/useList';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { isFiltered, PAGE_SIZES, readFilters, toQuery, writeFilters, type UserFilters } from './people';
import { UsersTable } from './UsersTable';
import './people.css';

const SEARCH_DELAY = 300;

export default function UsersPage() {
  const { user } = useSnapshot(currentUser);
  const staff = mayOpen(['worker'], user);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState(filters.search);
  const search = useDebounced(text.trim(), SEARCH_DELAY);
  const list = useList<UserView>(endpoints.users, toQuery(filters));
  const { tags } = useTags(staff);

  // A search typed in pushes no history entry; every other change does (back/forward walk them).
  const update = (change: Partial<UserFilters>, replace = false) =>
    setParams(writeFilters({ ...filters, page: 1, ...change }), { replace });

  useEffect(() => {
    if (search !== filters.search) update({ search }, true);
  }, [search]);

  // Back/forward to another search puts its text back in the field.
  useEffect(() => {
    if (filters.search !== search) setText(filters.search);
  }, [filters.search]);

  const clear = () => {
    setText('');
    setParams(new URLSearchParams());
  };

  const { page, loading, failed } = list;
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
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="ФИО, email или телефон"
          aria-label="Поиск по ФИО, email и телефону"
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
      {page ? (
        page.data.length === 0 ? (
          <div className="empty-state">
            {isFiltered(filters) ? (
              <>
                <p>Никого не нашлось по заданным условиям.</p>
                <button type="button" className="secondary outline" onClick={clear}>
                  Сбросить фильтры
                </button>
              </>
            ) : (
              <p>Пользователей пока нет.</p>
            )}
          </div>
        ) : (
          <>
            <div className="list-bar">
              <p className="muted list-summary" aria-live="polite">
                Показаны {page.meta.from}–{page.meta.to} из {page.meta.total}
              </p>
              <label className="page-size">
                На странице
                <select value={filters.perPage} onChange={(event) => update({ perPage: Number(event.target.value) })}>
                  {PAGE_SIZES.map((size) => (
                    <option key={size}>{size}</option>
                  ))}
                </select>
              </label>
            </div>
            <UsersTable rows={page.data} tags={tags} showTags={staff} busy={loading} sort={filters.sort} onSort={(sort) => update({ sort })} />
            <Pagination meta={page.meta} onPage={(number) => update({ page: number })} />
          </>
        )
      ) : failed ? (
        <div className="empty-state">
          <p>Не удалось загрузить список пользователей.</p>
          <button type="button" className="secondary outline" onClick={list.reload}>
            Повторить
          </button>
        </div>
      ) : (
        <p aria-busy="true">Загружаем пользователей…</p>
      )}
    </>
  );
}
