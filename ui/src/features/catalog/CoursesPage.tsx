//! /courses (staff): the school's courses — searched, filtered by subject and archive mark,
//! sorted and paged by the server — each with its subject, plan, price and students; a manager
//! creates, edits and deletes them. A course's name opens its page with its students.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { confirm } from '../../components/ConfirmDialog';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { SearchField } from '../../components/SearchField';
import { SortHeader } from '../../components/SortHeader';
import { TagBadge } from '../../components/TagBadge';
import { api, ApiError } from '../../lib/api/client';
import { formatMoney } from '../../lib/format';
import { addToast } from '../../lib/toasts';
import { useListPage } from '../../lib/useListPage';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { ARCHIVED, ARCHIVED_NAMES, COURSE_SORTS, courseFilters, coursePath, type Course } from './catalog';
import { editCourse } from './CourseDialog';
import { useSubjects } from './useSubjects';
import './catalog.css';

export default function CoursesPage() {
  const { user } = useSnapshot(currentUser);
  const manager = mayOpen(['manager'], user);
  const view = useListPage(courseFilters, endpoints.courses);
  const { filters, update } = view;
  const { subjects } = useSubjects();
  const reload = view.list.reload;

  const remove = async (course: Course) => {
    const sure = await confirm({ title: 'Удалить курс?', message: `Курс «${course.name}» исчезнет из списков.`, action: 'Удалить', danger: true });
    if (!sure) return;
    try {
      await api(`${endpoints.courses}/${course.id}`, { method: 'DELETE', ownFailure: (status) => status === 422 });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        addToast({ color: 'warning', title: 'Курс не удалён', description: failure.fieldErrors.id ?? failure.message });
        return;
      }
      throw failure;
    }
    addToast({ color: 'success', title: 'Курс удалён', description: course.name });
    reload();
  };

  return (
    <>
      <PageHeading title="Курсы">
        <div className="heading-actions">
          <Link to={paths.subjects} role="button" className="secondary">
            Предметы
          </Link>
          {manager && (
            <button type="button" onClick={() => void editCourse().then((saved) => saved && reload())}>
              <Icon name="plus" size={18} /> Создать курс
            </button>
          )}
        </div>
      </PageHeading>
      <search className="filters catalog-filters courses">
        <SearchField value={filters.search} onSearch={(search) => update({ search }, true)} placeholder="Название курса" label="Поиск по названию курса" />
        <label className="page-size">
          Предмет
          <select value={filters.subject ?? ''} onChange={(event) => update({ subject: event.target.value ? Number(event.target.value) : null })}>
            <option value="">Все предметы</option>
            {subjects.map((subject) => (
              <option key={subject.id} value={subject.id}>
                {subject.name}
              </option>
            ))}
          </select>
        </label>
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
        <ListResults view={view} what="курсы" sorts={COURSE_SORTS} empty={<p>Курсов пока нет. Курс — программа занятий по предмету, например «Подготовка к ОГЭ».</p>}>
          {(rows, busy) => (
            <div className="table-scroll" aria-busy={busy}>
              <table className="data-table catalog-table">
                <caption className="sr-only">Курсы</caption>
                <thead>
                  <tr>
                    <SortHeader label={COURSE_SORTS.name} field="name" sort={filters.sort} onSort={(sort) => update({ sort })} />
                    <th scope="col">Предмет</th>
                    <th scope="col">Занятий</th>
                    <th scope="col">Цена курса</th>
                    <th scope="col">Учеников</th>
                    {manager && (
                      <th scope="col">
                        <span className="sr-only">Действия</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((course) => (
                    <tr key={course.id}>
                      <td data-label="Курс">
                        <Link to={coursePath(course.id)}>{course.name}</Link> {course.archived && <span className="badge">В архиве</span>}
                      </td>
                      <td data-label="Предмет">{course.subject && <TagBadge tag={course.subject} />}</td>
                      <td data-label="Занятий">{course.planned_lessons || '—'}</td>
                      <td data-label="Цена курса">{course.price == null ? '—' : formatMoney(course.price)}</td>
                      <td data-label="Учеников">{course.students_count}</td>
                      {manager && (
                        <td className="row-actions">
                          <button
                            type="button"
                            className="secondary outline"
                            aria-label={`Изменить курс «${course.name}»`}
                            onClick={() => void editCourse(course).then((saved) => saved && reload())}
                          >
                            <Icon name="edit" size={18} />
                          </button>
                          <button type="button" className="danger outline" aria-label={`Удалить курс «${course.name}»`} onClick={() => void remove(course).catch(() => undefined)}>
                            <Icon name="trash" size={18} />
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListResults>
      </div>
    </>
  );
}
