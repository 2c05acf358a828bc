//! /group-lessons/{id} (staff): a group — subject, teacher, timetable, room, places, price and
//! period; its students (add and remove, saved at once: future planned lessons follow); its
//! upcoming and past lessons; change it (the group form), archive it, or delete it after a
//! confirmation.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { confirm } from '../../components/ConfirmDialog';
import { lessonAction } from '../../components/LessonDialogs';
import { LessonList } from '../../components/LessonList';
import { PageHeading } from '../../components/PageHeading';
import { PeoplePicker } from '../../components/PeoplePicker';
import { SubjectChip } from '../../components/SubjectChip';
import { api, ApiError } from '../../lib/api/client';
import { formatDate, formatDuration, formatMoney } from '../../lib/format';
import { to, type UserView } from '../../lib/person';
import { groupUrl, useSubjects, type Group, type GroupBody, type Lesson } from '../../lib/teaching';
import { addDays, hhmm, today, WEEKDAY_NAMES } from '../../lib/timetable';
import { addToast } from '../../lib/toasts';
import { useList } from '../../lib/useList';
import { currentUser } from '../../lib/user';
import { usePeople } from '../../lib/usePeople';
import { endpoints, paths } from '../../paths';
import { JournalGrid } from '../../components/JournalGrid';
import { TermPicker } from '../../components/TermPicker';
import { periodOf, useAddress, useTerms } from '../../lib/terms';
import { mayOpen } from '../../app/guards';
import { GroupForm } from './GroupForm';
import { bodyOfGroup, changeOf, groupValues, studentsAfter, teachesOwnOnly } from './groupForm';
import './groups.css';

function useGroup(id: number) {
  const [group, setGroup] = useState<Group | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<Ok<'group_lessons_show'>>(groupUrl(id), { signal: controller.signal }).then(
      ({ data }) => setGroup(data),
      (error: unknown) => error instanceof ApiError && setStatus(error.status),
    );
    return () => controller.abort();
  }, [id]);
  return { group: group?.id === id ? group : null, status, setGroup };
}

/** The group's journal over a term or any days (kept in the address), for its teacher and managers, who give marks in it from the keyboard. */
function GroupJournal({ group, editable }: { group: Group; editable: boolean }) {
  const { search, change } = useAddress();
  const terms = useTerms();
  const period = periodOf(search, terms ?? []);
  return (
    <section className="group-journal">
      <h2>Журнал</h2>
      {terms ? (
        <>
          <search className="filters journal-filters">
            <TermPicker terms={terms} period={period} onChange={change} />
          </search>
          <JournalGrid source={{ kind: 'group', id: group.id }} from={period.from} to={period.to} editable={editable} />
        </>
      ) : (
        <p aria-busy="true">Загружаем четверти…</p>
      )}
    </section>
  );
}

/** The group's lessons in a period, by day (first `count`). */
function GroupLessons({ group, from, to: last, count, title, manages }: { group: Group; from?: string; to?: string; count: number; title: string; manages: (lesson: Lesson) => boolean }) {
  const list = useList<Lesson>(endpoints.lessons, { group_id: group.id, from, to: last, per_page: count });
  const rows = list.page?.data ?? [];
  return (
    <section className="group-lessons">
      <h2>{title}</h2>
      {!list.page ? (
        <p aria-busy="true">Загружаем занятия…</p>
      ) : rows.length === 0 ? (
        <p className="muted">Занятий нет.</p>
      ) : (
        <LessonList
          lessons={rows}
          busy={list.loading}
          manages={manages}
          onAction={(action, lesson) => void lessonAction(action, lesson).then((changed) => changed && list.reload(), () => undefined)}
        />
      )}
    </section>
  );
}

export default function GroupPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const editing = params.has('edit');
  const { user } = useSnapshot(currentUser);
  const { group, status, setGroup } = useGroup(id);
  const { subjects } = useSubjects();
  const { people, loaded } = usePeople(group ? [group.teacher_id, ...group.student_ids] : []);
  const [round, setRound] = useState(0);
  const [studentsError, setStudentsError] = useState<string>();

  if (status !== null)
    return (
      <div className="empty-state">
        <p>{status === 404 ? 'Такой группы нет: возможно, её удалили.' : 'Не удалось загрузить группу.'}</p>
        <Link to={paths.groups} role="button" className="secondary outline">
          К списку групп
        </Link>
      </div>
    );
  if (!group) return <p aria-busy="true">Загружаем группу…</p>;

  const own = teachesOwnOnly(user?.roles ?? []);
  const manages = (lesson: Lesson) => !own || lesson.teacher_id === user?.id;
  // A worker changes only the groups he teaches; another's he reads (the server refuses the rest).
  const changes = !own || group.teacher_id === user?.id;
  const teacher = people.find((person) => person.id === group.teacher_id);
  const students = group.student_ids.map((sid) => people.find((person) => person.id === sid) ?? ({ id: sid, full_name: '…' } as UserView));
  const save = async (body: GroupBody, done: string) => {
    const { data } = await api<Ok<'group_lessons_update'>>(groupUrl(id), { method: 'PUT', body });
    setGroup(data);
    setRound((n) => n + 1);
    addToast({ color: 'success', title: done, description: data.name });
  };
  // The group as stored now: a quick change is made to it, not to the page's older copy.
  const stored = async () => (await api<Ok<'group_lessons_show'>>(groupUrl(id))).data;
  const saveStudents = async (next: UserView[]) => {
    setStudentsError(undefined);
    const now = await stored();
    const students = studentsAfter(now.student_ids, group.student_ids, next.map((student) => student.id));
    await save({ ...bodyOfGroup(now), student_ids: students }, 'Состав группы сохранён').catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 422) setStudentsError(Object.values(error.fieldErrors).join(' '));
    });
  };
  const archive = async () => {
    const now = await stored();
    const { data } = await api<Ok<'group_lessons_update'>>(groupUrl(id), { method: 'PUT', body: { ...bodyOfGroup(now), archived: !group.archived } satisfies GroupBody });
    setGroup(data);
    setRound((n) => n + 1);
    addToast({ color: 'success', title: data.archived ? 'Группа в архиве' : 'Группа возвращена из архива', description: data.name });
  };
  const remove = async () => {
    const sure = await confirm({
      title: 'Удалить группу?',
      message: `Группа «${group.name}» будет удалена со всеми занятиями. Если занятия уже проводились или отменялись, группа уйдёт в архив: эти занятия останутся, будущие — удалятся.`,
      action: 'Удалить',
      danger: true,
    });
    if (!sure) return;
    const archived = await api<Ok<'group_lessons_delete'> | undefined>(groupUrl(id), { method: 'DELETE' });
    if (archived) {
      setGroup(archived.data);
      setRound((n) => n + 1);
      addToast({ color: 'info', title: 'Группа перенесена в архив', description: 'У неё есть проведённые или отменённые занятия: они сохранены, будущие удалены.' });
      return;
    }
    addToast({ color: 'success', title: 'Группа удалена', description: group.name });
    void navigate(paths.groups);
  };

  if (editing)
    return (
      <section className="form-page wide-form">
        <h1>Изменить группу</h1>
        {loaded ? (
          <GroupForm
            groupId={group.id}
            initial={groupValues(group, people)}
           
            subjects={subjects}
            teacherFixed={own}
            submitLabel="Сохранить"
            submit={async (body) => {
              await save(changeOf(group, body), 'Группа сохранена');
              setParams({});
            }}
            onCancel={() => setParams({})}
          />
        ) : (
          <p aria-busy="true">Загружаем…</p>
        )}
      </section>
    );

  return (
    <>
      <PageHeading title={group.name}>
        {changes && (
          <div className="heading-actions">
            <button type="button" onClick={() => setParams({ edit: '1' })}>
              Изменить
            </button>
            <button type="button" className="secondary outline" onClick={() => void archive().catch(() => undefined)}>
              {group.archived ? 'Вернуть из архива' : 'В архив'}
            </button>
            <button type="button" className="danger outline" onClick={() => void remove().catch(() => undefined)}>
              Удалить
            </button>
          </div>
        )}
      </PageHeading>
      {group.archived && <p className="read-only-note">Группа в архиве: новые занятия по её расписанию не создаются.</p>}
      <dl className="group-facts">
        <dt>Предмет</dt>
        <dd>
          <SubjectChip subject={{ name: group.subject_name, color: group.subject_color }} />
        </dd>
        <dt>Учитель</dt>
        <dd>
          <Link to={to(paths.user, group.teacher_id)}>{teacher?.full_name ?? group.teacher_name}</Link>
        </dd>
        <dt>Расписание</dt>
        <dd>
          <strong>{group.timetable || '—'}</strong>
          <ul className="slot-list">
            {group.schedule.map((slot) => (
              <li key={`${slot.weekday}-${slot.start}`}>
                {WEEKDAY_NAMES[slot.weekday]}, {hhmm(slot.start)}, {formatDuration(slot.duration_minutes)}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Кабинет</dt>
        <dd>{group.room || '—'}</dd>
        <dt>Мест</dt>
        <dd>{group.capacity ? `${group.student_ids.length} из ${group.capacity}` : 'без ограничения'}</dd>
        <dt>Цена занятия</dt>
        <dd>{group.price != null ? formatMoney(group.price) : 'своя цена ученика, иначе цена предмета'}</dd>
        <dt>Период</dt>
        <dd>
          с {formatDate(group.starts_on)}
          {group.ends_on ? ` по ${formatDate(group.ends_on)}` : ', без конца'}
        </dd>
      </dl>
      <section className="group-students">
        <h2>Ученики ({group.student_ids.length})</h2>
        {changes ? (
          <PeoplePicker role="student" selfId={0} chosen={students} onChange={(next) => void saveStudents(next).catch(() => undefined)} error={studentsError} />
        ) : students.length === 0 ? (
          <p className="muted">Учеников нет.</p>
        ) : (
          <ul className="group-students-list">
            {students.map((student) => (
              <li key={student.id}>
                <Link to={to(paths.user, student.id)}>{student.full_name}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {(mayOpen(['manager'], user) || group.teacher_id === user?.id) && <GroupJournal key={`journal-${round}`} group={group} editable />}
      <GroupLessons key={`next-${round}`} group={group} from={today()} count={6} title="Ближайшие занятия" manages={manages} />
      <GroupLessons key={`past-${round}`} group={group} from={addDays(today(), -28)} to={addDays(today(), -1)} count={50} title="Прошедшие занятия (4 недели)" manages={manages} />
      <p>
        <Link className="tap-link" to={`${paths.lessons}?group=${group.id}&from=${group.starts_on}&teacher=all`}>Все занятия группы</Link>
      </p>
    </>
  );
}
