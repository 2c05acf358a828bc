//! /courses (staff): the school's courses — searched, filtered by subject and archive mark,
//! sorted and paged by the server — each with its subject, plan, price and students; a manager
//! creates, edits and deletes them. A course's name opens its page with its students.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { confirmDelete } from '../../components/confirmDelete';
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { Icon } from '../../components/Icon';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { RowActions } from '../../components/RowActions';
import { SearchField } from '../../components/SearchField';
import { SortHeader } from '../../components/SortHeader';
import { TagBadge } from '../../components/TagBadge';
import { formatMoney } from '../../lib/format';
import { useListPage } from '../../lib/useListPage';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { ArchivedFilter } from './ArchivedFilter';
import { COURSE_SORTS, courseFilters, coursePath, type Course } from './catalog';
import { editCourse } from './CourseDialog';
import { useSubjects } from '../../lib/teaching';
import './catalog.css';

export default function CoursesPage() {
  const { user } = useSnapshot(currentUser);
  const manager = mayOpen(['manager'], user);
  const view = useListPage(courseFilters, endpoints.courses);
  const { filters, update } = view;
  const { subjects } = useSubjects();
  const reload = view.list.reload;

  const remove = async (course: Course) => {
    const deleted = await confirmDelete({
      title: 'Удалить курс?',
      message: `Курс «${course.name}» исчезнет из списков.`,
      url: `${endpoints.courses}/${course.id}`,
      name: course.name,
      done: 'Курс удалён',
      refused: 'Курс не удалён',
    });
    if (deleted) reload();
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
        <ArchivedFilter value={filters.archived} onChange={(archived) => update({ archived })} />
      </search>
      <div className="catalog-list">
        <ListResults view={view} what="курсы" sorts={COURSE_SORTS} empty={<p>Курсов пока нет. Курс — программа занятий по предмету, например «Подготовка к ОГЭ».</p>}>
          {(rows, busy) => (
            <DataTable
              caption="Курсы"
              className="catalog-table"
              busy={busy}
              head={
                <>
                  <SortHeader label={COURSE_SORTS.name} field="name" sort={filters.sort} onSort={(sort) => update({ sort })} />
                  <th scope="col">Предмет</th>
                  <th scope="col">Занятий</th>
                  <th scope="col">Цена курса</th>
                  <th scope="col">Учеников</th>
                  {manager && <ActionsHeader />}
                </>
              }
            >
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
                      <RowActions
                        editLabel={`Изменить курс «${course.name}»`}
                        removeLabel={`Удалить курс «${course.name}»`}
                        onEdit={() => void editCourse(course).then((saved) => saved && reload())}
                        onRemove={() => void remove(course).catch(() => undefined)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </DataTable>
          )}
        </ListResults>
      </div>
    </>
  );
}
