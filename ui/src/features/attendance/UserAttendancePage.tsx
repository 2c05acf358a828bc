//! /users/{id}/attendance: a person's attendance month by month (`GET /api/users/{id}/attendance`):
//! the summary (present, late, excused, unexcused, the rate) and each lesson with its date,
//! subject and status in words. The server decides who reads it (a worker: his students'); its
//! refusal shows as a notice.
import type { Ok } from '../../api/types';
import { useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { LoadFailure } from '../../components/LoadFailure';
import { UserHeader } from '../../components/UserHeader';
import { genderOf } from '../../lib/declension';
import { formatDate, formatTime } from '../../lib/format';
import { ATTENDANCE_NAMES, ATTENDANCE_STATUSES, attendanceWords, formatRate, type AttendanceStatus } from '../../lib/journal';
import { useCard } from '../../lib/useCard';
import { useStudentJournal } from '../../lib/useStudentJournal';
import { monthDays, monthName, monthOf, shiftMonth } from './month';
import './attendance.css';

type PersonAttendance = Ok<'users_attendance'>['data'];

/** What the list says of a lesson: its status in words (of a girl when `feminine`), or why there is none. */
function statusWords(lesson: PersonAttendance['lessons'][number], feminine: boolean) {
  if (lesson.status) return <span data-attendance={lesson.status}>{attendanceWords(ATTENDANCE_NAMES[lesson.status], feminine)}</span>;
  if (lesson.lesson_status === 'cancelled') return <span className="muted">Занятие отменено</span>;
  const ahead = lesson.lesson_status === 'planned' && Date.parse(lesson.starts_at) > Date.now();
  return <span className="muted">{ahead ? 'Запланировано' : 'Не отмечено'}</span>;
}

function Summary({ summary, feminine }: { summary: PersonAttendance['summary']; feminine: boolean }) {
  const items: [string, string, AttendanceStatus | 'rate'][] = [
    ...ATTENDANCE_STATUSES.map((status): [string, string, AttendanceStatus] => [attendanceWords(ATTENDANCE_NAMES[status], feminine), String(summary[status]), status]),
    ['Посещаемость', formatRate(summary.rate), 'rate'],
  ];
  return (
    <dl className="attendance-summary" aria-label="Итог за месяц">
      {items.map(([label, value, kind]) => (
        <div key={kind} data-attendance={kind}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function UserAttendancePage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const [search, setSearch] = useSearchParams();
  const month = monthOf(search.get('month'));
  const { from, to } = monthDays(month);
  const { data: attendance, failed, refused, reload } = useStudentJournal(id, 'attendance', from, to, card !== null);
  const feminine = genderOf(card?.middle_name) === 'female';
  const turn = (step: number) => setSearch({ month: shiftMonth(month, step) }, { replace: true });
  return (
    <UserHeader card={card} status={status} heading="Посещаемость">
      <nav className="month-picker" aria-label="Месяц">
        <button type="button" className="secondary outline" onClick={() => turn(-1)} aria-label="Предыдущий месяц">
          ←
        </button>
        <strong aria-live="polite">{monthName(month)}</strong>
        <button type="button" className="secondary outline" onClick={() => turn(1)} aria-label="Следующий месяц">
          →
        </button>
      </nav>
      {!attendance ? (
        failed ? (
          <LoadFailure what="посещаемость" refused={refused} onRetry={reload} />
        ) : (
          <p aria-busy="true">Загружаем посещаемость…</p>
        )
      ) : (
        <>
          <Summary summary={attendance.summary} feminine={feminine} />
          {attendance.lessons.length === 0 ? (
            <div className="empty-state">В этом месяце занятий нет.</div>
          ) : (
            <DataTable
              caption={`Занятия: ${monthName(month)}`}
              className="attendance-table"
              head={
                <>
                  <th scope="col">Дата</th>
                  <th scope="col">Предмет</th>
                  <th scope="col">Отметка</th>
                </>
              }
            >
              {attendance.lessons.map((lesson) => (
                <tr key={lesson.lesson_id}>
                  <td data-label="Дата">
                    <time dateTime={lesson.starts_at}>
                      {formatDate(lesson.starts_at)} {formatTime(lesson.starts_at)}
                    </time>
                  </td>
                  <td data-label="Предмет">{lesson.subject_name}</td>
                  <td data-label="Отметка">{statusWords(lesson, feminine)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      )}
    </UserHeader>
  );
}
