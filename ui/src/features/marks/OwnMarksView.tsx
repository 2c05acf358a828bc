//! /marks for a student or a parent: his own marks (a parent: a child's, chosen when he has
//! several) by subject over a term or any days.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { to } from '../../lib/person';
import { paths } from '../../paths';
import { currentUser, waitsForChildren } from '../../lib/user';
import { usePeople } from '../../lib/usePeople';
import { periodOf, useAddress, useTerms } from '../../lib/terms';
import { TermPicker } from '../../components/TermPicker';
import { PersonMarks } from './PersonMarks';

export function OwnMarksView() {
  const { user } = useSnapshot(currentUser);
  const { search, change } = useAddress();
  const terms = useTerms();
  const children = user?.children_ids ?? [];
  const { people } = usePeople(children);
  const own = user?.roles.includes('student') ? [user.id] : [];
  const choices = [...own, ...children];
  const asked = Number(search.get('student'));
  const studentId = choices.includes(asked) ? asked : choices[0];
  const period = periodOf(search, terms ?? []);
  if (studentId === undefined)
    return (
      <div className="empty-state">
        {user && waitsForChildren(user)
          ? 'К вашей учётной записи пока не привязаны дети. Их оценки появятся здесь, когда менеджер школы свяжет вас с ними.'
          : 'Здесь показываются оценки ученика, а родителю — оценки его детей.'}
      </div>
    );
  const nameOf = (id: number) => (id === user?.id ? 'Мои оценки' : (people.find((person) => person.id === id)?.full_name ?? '…'));
  return (
    <>
      <search className="filters journal-filters">
        {choices.length > 1 && (
          <label>
            Ученик
            <select value={studentId} onChange={(event) => change({ student: event.target.value })}>
              {choices.map((id) => (
                <option key={id} value={id}>
                  {nameOf(id)}
                </option>
              ))}
            </select>
          </label>
        )}
        {terms && (
          <TermPicker
            terms={terms}
            period={period}
            onChange={change}
          />
        )}
      </search>
      {choices.length === 1 && studentId !== user?.id && <p className="muted">Ученик: {nameOf(studentId)}</p>}
      {terms ? <PersonMarks userId={studentId} from={period.from} to={period.to} /> : <p aria-busy="true">Загружаем четверти…</p>}
      <p>
        <Link className="tap-link" to={to(paths.userAttendance, studentId)}>Посещаемость по месяцам</Link>
      </p>
    </>
  );
}
