//! /subjects (staff): what the school teaches — searched, filtered by the archive mark, sorted
//! and paged by the server through the list kit — create, edit, archive or bring back, delete
//! (after a confirmation; the server refuses a subject in use and says to archive it).
import { Link } from 'react-router';
import { confirm } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { SearchField } from '../../components/SearchField';
import { api, ApiError } from '../../lib/api/client';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { addToast } from '../../lib/toasts';
import { useListPage } from '../../lib/useListPage';
import { endpoints, paths } from '../../paths';
import { ARCHIVED, ARCHIVED_NAMES, SUBJECT_SORTS, subjectFilters, type Subject } from './catalog';
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
    const sure = await confirm({
      title: 'Удалить предмет?',
      message: `Предмет «${subject.name}» исчезнет из списков. Если по нему есть курсы, группы или занятия, его можно только отправить в архив.`,
      action: 'Удалить',
      danger: true,
    });
    if (!sure) return;
    try {
      await api(`${endpoints.subjects}/${subject.id}`, { method: 'DELETE', ownFailure: (status) => status === 422 });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        addToast({ color: 'warning', title: 'Предмет не удалён', description: failure.fieldErrors.id ?? failure.message });
        return;
      }
      throw failure;
    }
    addToast({ color: 'success', title: 'Предмет удалён', description: subject.name });
    reload();
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
        <label className="page-size">
          Показать
          <select value={filters.archived} onChange={(event) => update({ archived: event.target.value as typeof filters.archived })}>
            {(['', ...ARCHIVED] as const).map((value) => (
              <option key={value} value={value}>
                {ARCHIVED_NAMES[value]}
              </option>
            ))}
          </select>
        </label>
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
