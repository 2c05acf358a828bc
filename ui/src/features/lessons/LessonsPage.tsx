//! /lessons: lessons by day from today on. Staff see the whole school (a teacher first his own,
//! «Только мои» on until he turns it off), filtered by period,
//! teacher, student, subject, room and state (all kept in the address), create a one-off lesson,
//! and run the lessons they teach (a manager: any): move, cancel, topic and homework, delete.
//! A student or a parent sees his own (his children's) lessons: the server answers only those.
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { Icon } from '../../components/Icon';
import { lessonAction } from '../../components/LessonDialogs';
import { LessonList } from '../../components/LessonList';
import { ListResults } from '../../components/ListResults';
import { PageHeading } from '../../components/PageHeading';
import { PersonField } from '../../components/PeoplePicker';
import { SearchField } from '../../components/SearchField';
import { FilterSelect } from '../../components/FilterSelect';
import { ruDateFromIso } from '../../lib/forms';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { LESSON_STATUSES, managesLesson, STATUS_NAMES, useSubjects, type Lesson } from '../../lib/teaching';
import { useListPage } from '../../lib/useListPage';
import { currentUser, waitsForChildren } from '../../lib/user';
import { usePeople } from '../../lib/usePeople';
import { endpoints } from '../../paths';
import { lessonFilters, ownLessonFilters } from './lessons';
import { PeriodFilter } from './PeriodFilter';
import { NewLessonDialog } from './NewLessonDialog';
import './lessons.css';

export default function LessonsPage() {
  const { user } = useSnapshot(currentUser);
  const staff = mayOpen(['worker'], user);
  const manager = mayOpen(['manager'], user);
  const teaches = user?.roles.includes('worker') ?? false;
  const [more, setMore] = useState(false);
  // A teacher opens on his own lessons (switchable); a manager on the whole school.
  const me = teaches && !manager && user ? user.id : null;
  const definition = useMemo(() => (me === null ? lessonFilters : ownLessonFilters(me)), [me]);
  const view = useListPage(definition, endpoints.lessons);
  const { filters, update } = view;
  const { subjects } = useSubjects(staff);
  const chosen = [filters.teacher, filters.student].filter((id): id is number => id !== null);
  const { people } = usePeople(chosen);
  const person = (id: number | null) => (id === null ? null : (people.find((p) => p.id === id) ?? { id }));
  const manages = (lesson: Lesson) => managesLesson(user, lesson);
  const act = async (action: Parameters<typeof lessonAction>[0], lesson: Lesson) => {
    if (await lessonAction(action, lesson).catch(() => false)) view.list.reload();
  };
  const create = async () => {
    const own = manager || !user ? null : { id: user.id, full_name: user.full_name };
    if (await openOverlay(createOverlay(NewLessonDialog, { props: { subjects, ownTeacher: own }, destroyOnClose: true }))) view.list.reload();
  };

  if (user && waitsForChildren(user))
    return (
      <>
        <PageHeading title="Занятия" />
        <div className="empty-state">К вашей учётной записи пока не привязаны дети. Их занятия появятся здесь, когда менеджер школы свяжет вас с ними.</div>
      </>
    );
  return (
    <>
      <PageHeading title="Занятия">
        {staff && (
          <button type="button" onClick={() => void create()}>
            <Icon name="plus" size={18} /> Новое занятие
          </button>
        )}
      </PageHeading>
      <search className={`filters lessons-filters${staff ? '' : ' lessons-filters-own'}`} data-more={more || undefined}>
        <PeriodFilter from={filters.from} to={filters.to} onChange={(change) => update(change)} />
        {teaches && (
          <label className="inline-check mine-switch">
            <input type="checkbox" role="switch" checked={filters.teacher === user?.id} onChange={(event) => update({ teacher: event.target.checked ? (user?.id ?? null) : null })} />
            Только мои
          </label>
        )}
        {staff && (
          <button type="button" className="secondary outline more-filters" aria-expanded={more} onClick={() => setMore(!more)}>
            {more ? 'Меньше фильтров' : 'Ещё фильтры'}
          </button>
        )}
        {staff && (
          <>
            <select aria-label="Предмет" value={filters.subject ?? ''} onChange={(event) => update({ subject: event.target.value ? Number(event.target.value) : null })}>
              <option value="">Все предметы</option>
              {subjects.map((subject) => (
                <option key={subject.id} value={subject.id}>
                  {subject.name}
                </option>
              ))}
            </select>
            <FilterSelect label="Состояние" any="Любое состояние" value={filters.status} choices={LESSON_STATUSES} names={STATUS_NAMES} onChange={(status) => update({ status })} />
            <PersonField person={person(filters.teacher)} onChange={(p) => update({ teacher: p?.id ?? null })} label="Учитель" role="worker" />
            <PersonField person={person(filters.student)} onChange={(p) => update({ student: p?.id ?? null })} label="Ученик" role="student" />
            <SearchField value={filters.room} onSearch={(room) => update({ room }, true)} placeholder="Кабинет" label="Кабинет" />
          </>
        )}
      </search>
      {filters.group !== null && (
        <p className="filter-note">
          Занятия одной группы.{' '}
          <button type="button" className="secondary outline" onClick={() => update({ group: null })}>
            Показать все
          </button>
        </p>
      )}
      {filters.over && (
        <p className="filter-note">
          Только прошедшие занятия.{' '}
          <button type="button" className="secondary outline" onClick={() => update({ over: false })}>
            Показать все
          </button>
        </p>
      )}
      <ListResults
        view={view}
        what="занятия"
        empty={<p>С {ruDateFromIso(filters.from)} {me !== null && filters.teacher === me ? 'у вас ' : ''}занятий нет.</p>}
      >
        {(rows, busy) => <LessonList lessons={rows} busy={busy} manages={manages} onAction={(action, lesson) => void act(action, lesson)} />}
      </ListResults>
    </>
  );
}
