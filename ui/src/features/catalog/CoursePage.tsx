//! /courses/{id} (staff): a course — its subject, plan, price, description — and its students:
//! each with status and dates, a link to his progress; a manager enrols a student, changes an
//! enrolment's status and dates, and removes a student (after a confirmation).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Ok } from '../../api/types';
import { mayOpen } from '../../app/guards';
import { confirm } from '../../components/ConfirmDialog';
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { Icon } from '../../components/Icon';
import { LoadFailure } from '../../components/LoadFailure';
import { PageHeading } from '../../components/PageHeading';
import { PersonField } from '../../components/PeoplePicker';
import { RowActions } from '../../components/RowActions';
import { TagBadge } from '../../components/TagBadge';
import { api, ApiError } from '../../lib/api/client';
import { formatDate, formatMoney } from '../../lib/format';
import type { UserView } from '../../lib/person';
import { addToast } from '../../lib/toasts';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import { ENROLMENT_NAMES, personCoursePath, type Course, type Enrolment } from './catalog';
import { editEnrolment } from './EnrolmentDialog';
import { editCourse } from './CourseDialog';
import './catalog.css';

export default function CoursePage() {
  const id = Number(useParams().course);
  const { user } = useSnapshot(currentUser);
  const manager = mayOpen(['manager'], user);
  const [course, setCourse] = useState<Course | null>(null);
  const [enrolments, setEnrolments] = useState<Enrolment[] | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const [student, setStudent] = useState<UserView | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [round, setRound] = useState(0);
  const url = `${endpoints.courses}/${id}`;

  useEffect(() => {
    const controller = new AbortController();
    // A failure without an answer (the network) is 0; one of this page left behind is nothing.
    const failed = (failure: unknown) => controller.signal.aborted || setStatus(failure instanceof ApiError ? failure.status : 0);
    api<Ok<'courses_show'>>(url, { signal: controller.signal }).then(({ data }) => setCourse(data), failed);
    api<Ok<'enrolments_list'>>(`${url}/enrolments`, { signal: controller.signal }).then(({ data }) => setEnrolments(data), failed);
    return () => controller.abort();
  }, [url, round]);
  const reload = () => setRound((n) => n + 1);

  const enrol = async () => {
    if (!student) return;
    setPending(true);
    setError('');
    try {
      await api(`${url}/enrolments`, { method: 'POST', body: { student_id: student.id }, ownFailure: (code) => code === 422 });
      addToast({ color: 'success', title: 'Ученик записан на курс', description: student.full_name });
      setStudent(null);
      reload();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fieldErrors.student_id ?? failure.message);
    } finally {
      setPending(false);
    }
  };
  const remove = async (enrolment: Enrolment) => {
    const sure = await confirm({ title: 'Отчислить с курса?', message: `${enrolment.student_name} больше не будет записан(а) на курс.`, action: 'Отчислить', danger: true });
    if (!sure) return;
    await api(`${url}/enrolments/${enrolment.id}`, { method: 'DELETE' });
    addToast({ color: 'success', title: 'Ученик отчислен', description: enrolment.student_name });
    reload();
  };

  if (status === 0) {
    const retry = () => {
      setStatus(null);
      reload();
    };
    return <LoadFailure what="курс" onRetry={retry} />;
  }
  if (status !== null) {
    return (
      <div className="empty-state">
        <p>{status === 404 ? 'Такого курса нет: возможно, его удалили.' : 'Не удалось загрузить курс.'}</p>
        <Link to={paths.courses} role="button" className="secondary outline">
          К списку курсов
        </Link>
      </div>
    );
  }
  if (!course || !enrolments) return <p aria-busy="true">Загружаем курс…</p>;
  return (
    <>
      <PageHeading title={course.name}>
        {manager && (
          <button type="button" className="secondary" onClick={() => void editCourse(course).then((saved) => saved && reload())}>
            <Icon name="edit" size={18} /> Изменить
          </button>
        )}
      </PageHeading>
      <div className="course-facts">
        {course.subject && <TagBadge tag={course.subject} />}
        <span>Занятий по плану: {course.planned_lessons || 'не задано'}</span>
        <span>Цена курса: {course.price == null ? 'не продаётся целиком' : formatMoney(course.price)}</span>
        {course.archived && <span className="badge">В архиве</span>}
      </div>
      {course.description && <p>{course.description}</p>}
      <h2>Ученики ({enrolments.length})</h2>
      {manager && !course.archived && (
        <div className="enrol-form">
          <div>
            <PersonField label="Ученик" role="student" person={student} onChange={setStudent} />
            {error && <small className="field-error">{error}</small>}
          </div>
          <button type="button" disabled={!student} aria-busy={pending} onClick={() => void enrol()}>
            Записать на курс
          </button>
        </div>
      )}
      {enrolments.length === 0 ? (
        <p className="muted">На курс пока никто не записан.</p>
      ) : (
        <DataTable
          caption="Ученики курса"
          className="catalog-table"
          scrollClassName="catalog-list"
          head={
            <>
              <th scope="col">Ученик</th>
              <th scope="col">Статус</th>
              <th scope="col">С</th>
              <th scope="col">По</th>
              {manager && <ActionsHeader />}
            </>
          }
        >
          {enrolments.map((enrolment) => (
            <tr key={enrolment.id}>
              <td data-label="Ученик">
                <Link to={personCoursePath(enrolment.student_id, course.id)}>{enrolment.student_name}</Link>
              </td>
              <td data-label="Статус">{ENROLMENT_NAMES[enrolment.status]}</td>
              <td data-label="С">{formatDate(enrolment.starts_on)}</td>
              <td data-label="По">{enrolment.ends_on ? formatDate(enrolment.ends_on) : '—'}</td>
              {manager && (
                <td className="row-actions">
                  <RowActions
                    editLabel={`Изменить запись: ${enrolment.student_name}`}
                    removeLabel={`Отчислить: ${enrolment.student_name}`}
                    onEdit={() => void editEnrolment(enrolment).then((saved) => saved && reload())}
                    onRemove={() => void remove(enrolment).catch(() => undefined)}
                  />
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
