//! /subjects (staff): what the school teaches — searched, filtered by the archive mark, sorted
//! and paged by the server through the list kit — create, edit, archive or bring back, delete
//! (after a confirmation; the server refuses a subject in use and says to archive it).
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirmDelete';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { SearchField } from '../../components/SearchField';
import { api } from '../../lib/api/client';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useListPage } from '../../lib/useListPage';
import { endpoints, paths } from '../../paths';
import type { Subject } from '../../lib/teaching';
import { ArchivedFilter } from './ArchivedFilter';
import { SUBJECT_SORTS, subjectFilters } from './catalog';
import { SubjectDialog } from './SubjectDialog';
import { SubjectsTable } from './SubjectsTable';
import './catalog.css';

export default function SubjectsPage() {
  const view = useListPage(subjectFilters, endpoints.subjects);
  const { filters, update } = view;
  const reload = view.list.reload;

  const edit = async (subject?: Subject) => {
    if (await openOverlay(createOverlay(SubjectDialog, { props: { subject }, destroyOnClose: true }))) reload();
  };
  const archive = async (subject: Subject) => {
    const body = { ...subject, archived: !subject.archived };
    await api(`${endpoints.subjects}/${subject.id}`, { method: 'PUT', body });
    addToast({ color: 'success', title: subject.archived ? 'Предмет возвращён' : 'Предмет в архиве', description: subject.name });
    reload();
  };
  const remove = async (subject: Subject) => {
    const deleted = await confirmDelete({
      title: 'Удалить предмет?',
      message: `Предмет «${subject.name}» исчезнет из списков. Если по нему есть курсы, группы, занятия, абонементы или оценки, его можно только отправить в архив.`,
      url: `${endpoints.subjects}/${subject.id}`,
      name: subject.name,
      done: 'Предмет удалён',
      refused: 'Предмет не удалён',
    });
    if (deleted) reload();
  };

  return (
    <>
      <PageHeading title="Предметы">
        <div className="heading-actions">
          <Link to={paths.courses} role="button" className="secondary">
            Курсы
          </Link>
          <button type="button" onClick={() => void edit()}>
            <Icon name="plus" size={18} /> Создать предмет
          </button>
        </div>
      </PageHeading>
      <search className="filters catalog-filters">
        <SearchField value={filters.search} onSearch={(search) => update({ search }, true)} placeholder="Название предмета" label="Поиск по названию предмета" />
        <ArchivedFilter value={filters.archived} onChange={(archived) => update({ archived })} />
      </search>
      <div className="catalog-list">
        <ListResults view={view} what="предметы" sorts={SUBJECT_SORTS} empty={<p>Предметов пока нет. Создайте первый: «Математика», «Английский язык».</p>}>
          {(rows, busy) => (
            <SubjectsTable
              rows={rows}
              busy={busy}
              sort={filters.sort}
              onSort={(sort) => update({ sort })}
              onEdit={(subject) => void edit(subject)}
              onArchive={(subject) => void archive(subject).catch(() => undefined)}
              onRemove={(subject) => void remove(subject).catch(() => undefined)}
            />
          )}
        </ListResults>
      </div>
    </>
  );
}
