//! /users/{id}/courses/{course} (the person, his parents, staff): one course of a student's — its
//! subject, his status and progress bar — and his lessons in it: when, teacher, room, topic,
//! homework; a cancelled lesson is struck through with its reason.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Ok } from '../../api/types';
import { TagBadge } from '../../components/TagBadge';
import { UserHeader } from '../../components/UserHeader';
import { api, ApiError } from '../../lib/api/client';
import { formatDate, formatDateTime, formatDuration } from '../../lib/format';
import { to } from '../../lib/person';
import { useCard, userUrl } from '../../lib/useCard';
import { paths } from '../../paths';
import { ENROLMENT_NAMES } from './catalog';
import { ProgressBar } from './ProgressBar';
import './catalog.css';

type Detail = Ok<'users_course'>['data'];

const LESSON_STATUS = { planned: 'Запланировано', done: 'Проведено', cancelled: 'Отменено' } as const;

export default function PersonCoursePage() {
  const params = useParams();
  const id = Number(params.id);
  const courseId = Number(params.course);
  const { card, status } = useCard(id);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [failed, setFailed] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api<Ok<'users_course'>>(userUrl(id, `courses/${courseId}`), { signal: controller.signal }).then(
      ({ data }) => setDetail(data),
      (failure: unknown) => failure instanceof ApiError && setFailed(failure.status),
    );
    return () => controller.abort();
  }, [id, courseId]);

  const back = (
    <Link to={to(paths.userCourses, id)} role="button" className="secondary outline">
      Ко всем курсам
    </Link>
  );
  if (failed === 404) {
    return (
      <UserHeader card={card} status={status} heading="Курс">
        <div className="empty-state">
          <p>Ученик не записан на этот курс.</p>
          {back}
        </div>
      </UserHeader>
    );
  }
  const course = detail?.course;
  return (
    <UserHeader card={card} status={status ?? failed} heading={course?.course.name ?? 'Курс'}>
      {!detail || !course ? (
        <p aria-busy="true">Загружаем курс…</p>
      ) : (
        <>
          <div className="course-facts">
            {course.course.subject && <TagBadge tag={course.course.subject} />}
            <span className="badge">{ENROLMENT_NAMES[course.enrolment.status]}</span>
            <span className="muted">
              С {formatDate(course.enrolment.starts_on)}
              {course.enrolment.ends_on && ` по ${formatDate(course.enrolment.ends_on)}`}
            </span>
          </div>
          <div className="catalog-list">
            <ProgressBar course={course} />
          </div>
          {course.course.description && <p>{course.course.description}</p>}
          <h3>Занятия</h3>
          {detail.lessons.length === 0 ? (
            <p className="muted">Занятий по курсу пока нет.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table catalog-table">
                <caption className="sr-only">Занятия по курсу</caption>
                <thead>
                  <tr>
                    <th scope="col">Когда</th>
                    <th scope="col">Учитель</th>
                    <th scope="col">Кабинет</th>
                    <th scope="col">Статус</th>
                    <th scope="col">Тема и домашнее задание</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.lessons.map((lesson) => (
                    <tr key={lesson.id}>
                      <td data-label="Когда">
                        {formatDateTime(lesson.starts_at)}, {formatDuration(lesson.duration_minutes)}
                      </td>
                      <td data-label="Учитель">{lesson.teacher_name}</td>
                      <td data-label="Кабинет">{lesson.room || '—'}</td>
                      <td data-label="Статус">
                        <span className="lesson-status" data-status={lesson.status}>
                          {LESSON_STATUS[lesson.status]}
                        </span>
                        {lesson.cancel_reason && <small className="muted"> ({lesson.cancel_reason})</small>}
                      </td>
                      <td data-label="Тема">
                        {lesson.topic || '—'}
                        {lesson.homework && <small className="muted"> Д/з: {lesson.homework}</small>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="form-actions">{back}</div>
        </>
      )}
    </UserHeader>
  );
}
