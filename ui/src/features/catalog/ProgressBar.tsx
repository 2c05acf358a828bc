//! A student's progress in a course (spec §9 progress bar, 0 to 100) with «n из m».
import { progressPercent, type PersonCourse } from './catalog';

/** A student's progress in a course: a bar and «n из m занятий». */
export function ProgressBar({ course }: { course: Pick<PersonCourse, 'lessons_done' | 'lessons_planned'> }) {
  const percent = progressPercent(course.lessons_done, course.lessons_planned);
  return (
    <>
      <progress value={percent} max={100} aria-label={`Пройдено ${percent}%`} />
      <small className="progress-note muted">
        Пройдено занятий: {course.lessons_done} из {course.lessons_planned}
      </small>
    </>
  );
}
