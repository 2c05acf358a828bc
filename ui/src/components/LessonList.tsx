//! Lessons under their school days: time, subject chip, group or «Индивидуальное» (a link to the
//! lesson and its journal), teacher, students, room, state, topic and homework; for those who run
//! the lesson, big buttons to move, cancel, give a topic and homework, or delete it (a teacher on
//! a phone between lessons).
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { formatDate, shortName } from '../lib/format';
import { andMore, countStudents } from '../lib/plural';
import type { UserView } from '../lib/person';
import { STATUS_NAMES, type Lesson } from '../lib/teaching';
import { byDay, schoolDay, timeRange, weekdayName } from '../lib/timetable';
import { usePeople } from '../lib/usePeople';
import { currentUser, seesPerson, type CurrentUser } from '../lib/user';
import { paths } from '../paths';
import { Icon } from './Icon';
import { SubjectChip } from './SubjectChip';
import './LessonList.css';

export type LessonAction = 'move' | 'cancel' | 'topic' | 'delete';

interface Props {
  lessons: readonly Lesson[];
  /** Whether the viewer runs this lesson (the buttons show); the server decides in the end. */
  manages?: (lesson: Lesson) => boolean;
  onAction?: (action: LessonAction, lesson: Lesson) => void;
  busy?: boolean;
}

/** Students' names are loaded while there are few of them (else: how many). */
const PEOPLE_SHOWN = 40;

/** Whose names a list of `lessons` loads: the students `user` may read (staff: all; a student:
 * himself; a parent: his children), while there are few of them. */
export function namesToLoad(lessons: readonly Lesson[], user: CurrentUser | null): number[] {
  const readable = [...new Set(lessons.flatMap((lesson) => lesson.student_ids))].filter((id) => seesPerson(user, id));
  return readable.length <= PEOPLE_SHOWN ? readable.sort((a, b) => a - b) : [];
}

/** A lesson's students: up to three names loaded, and how many others; else how many in all. */
export function studentsLine(names: readonly string[], total: number): string {
  if (names.length === 0 || names.length > 3) return countStudents(total);
  const others = total - names.length;
  return others > 0 ? `${names.join(', ')} ${andMore(others, countStudents)}` : names.join(', ');
}

interface ActionsProps {
  lesson: Lesson;
  onAction: (action: LessonAction, lesson: Lesson) => void;
  label: string;
  /** The actions left out (the lesson's page edits the topic in its journal). */
  without?: readonly LessonAction[];
}

/** Big buttons for what may be done to `lesson` now: its topic and homework unless cancelled;
 * move, cancel, and (an individual one with nothing recorded) delete while planned: a group's
 * lesson is cancelled, never deleted, or its timetable would bring it back. */
export function LessonActions({ lesson, onAction, label, without = [] }: ActionsProps) {
  const planned = lesson.status === 'planned';
  const shown = (action: LessonAction) => !without.includes(action);
  return (
    <div className="lesson-actions" role="group" aria-label={label}>
      {lesson.status !== 'cancelled' && shown('topic') && (
        <button type="button" className="secondary outline" onClick={() => onAction('topic', lesson)}>
          <Icon name="edit" size={18} /> Тема и ДЗ
        </button>
      )}
      {planned && shown('move') && (
        <button type="button" className="secondary outline" onClick={() => onAction('move', lesson)}>
          <Icon name="clock" size={18} /> Перенести
        </button>
      )}
      {planned && shown('cancel') && (
        <button type="button" className="secondary outline" onClick={() => onAction('cancel', lesson)}>
          <Icon name="close" size={18} /> Отменить
        </button>
      )}
      {planned && !lesson.group_id && !lesson.topic && !lesson.homework && shown('delete') && (
        <button type="button" className="danger outline" onClick={() => onAction('delete', lesson)}>
          <Icon name="trash" size={18} /> Удалить
        </button>
      )}
    </div>
  );
}

function LessonCard({ lesson, people, manages, onAction }: Props & { lesson: Lesson; people: readonly UserView[] }) {
  const group = lesson.group_name ?? 'Индивидуальное';
  const names = lesson.student_ids.flatMap((id) => people.find((person) => person.id === id)?.full_name ?? []).map(shortName);
  const planned = lesson.status === 'planned';
  const span = timeRange(lesson.starts_at, lesson.ends_at);
  const label = `${lesson.subject_name} ${formatDate(schoolDay(lesson.starts_at))} ${span}`;
  return (
    <li className="lesson" data-status={lesson.status}>
      <div className="lesson-time">
        <strong>{span}</strong>
        {lesson.room && <small>каб. {lesson.room}</small>}
      </div>
      <div className="lesson-body">
        <p className="lesson-title">
          <SubjectChip subject={{ name: lesson.subject_name, color: lesson.subject_color }} /> <Link to={paths.lesson.replace(':id', String(lesson.id))}>{group}</Link>
          {!planned && (
            <span className="badge" data-lesson-status={lesson.status}>
              {STATUS_NAMES[lesson.status]}
            </span>
          )}
        </p>
        <p className="muted lesson-people">
          {lesson.teacher_name} · {studentsLine(names, lesson.students_count)}
        </p>
        {lesson.status === 'cancelled' && lesson.cancel_reason && <p className="lesson-note">Причина: {lesson.cancel_reason}</p>}
        {lesson.topic && <p className="lesson-note">Тема: {lesson.topic}</p>}
        {lesson.homework && <p className="lesson-note">Домашнее задание: {lesson.homework}</p>}
        {manages?.(lesson) && onAction && <LessonActions lesson={lesson} onAction={onAction} label={`Действия: ${label}`} />}
      </div>
    </li>
  );
}

export function LessonList(props: Props) {
  const { user } = useSnapshot(currentUser);
  const { people } = usePeople(namesToLoad(props.lessons, user));
  return (
    <div className="lesson-days" aria-busy={props.busy}>
      {byDay(props.lessons).map(({ day, rows }) => (
        <section key={day} className="lesson-day" aria-label={`${weekdayName(day)}, ${formatDate(day)}`}>
          <h3>
            {weekdayName(day)}, <time dateTime={day}>{formatDate(day)}</time>
          </h3>
          <ul className="lessons">
            {rows.map((lesson) => (
              <LessonCard key={lesson.id} {...props} people={people} lesson={lesson} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
