//! /users/{id}/courses (the person, his parents, staff): the courses a student is enrolled in,
//! each a card with its subject, status and a progress bar of lessons done; a card opens the
//! course with his lessons.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Ok } from '../../api/types';
import { TagBadge } from '../../components/TagBadge';
import { UserHeader } from '../../components/UserHeader';
import { api, ApiError } from '../../lib/api/client';
import { formatDate } from '../../lib/format';
import { useCard, userUrl } from '../../lib/useCard';
import { ENROLMENT_NAMES, personCoursePath, type PersonCourse } from './catalog';
import { ProgressBar } from './ProgressBar';
import './catalog.css';

export default function PersonCoursesPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const [courses, setCourses] = useState<PersonCourse[] | null>(null);
  const [failed, setFailed] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api<Ok<'users_courses'>>(userUrl(id, 'courses'), { signal: controller.signal }).then(
      ({ data }) => setCourses(data),
      (failure: unknown) => failure instanceof ApiError && setFailed(failure.status),
    );
    return () => controller.abort();
  }, [id]);

  return (
    <UserHeader card={card} status={status ?? failed} heading="Курсы">
      {!courses ? (
        <p aria-busy="true">Загружаем курсы…</p>
      ) : courses.length === 0 ? (
        <p className="muted">Записей на курсы нет.</p>
      ) : (
        <div className="course-cards">
          {courses.map(({ course, enrolment, ...progress }) => (
            <article key={course.id}>
              <h3>
                <Link to={personCoursePath(id, course.id)}>{course.name}</Link>
              </h3>
              <p>
                {course.subject && <TagBadge tag={course.subject} />} <span className="badge">{ENROLMENT_NAMES[enrolment.status]}</span>
              </p>
              <ProgressBar course={progress} />
              <p className="muted">
                С {formatDate(enrolment.starts_on)}
                {enrolment.ends_on && ` по ${formatDate(enrolment.ends_on)}`}
              </p>
            </article>
          ))}
        </div>
      )}
    </UserHeader>
  );
}
