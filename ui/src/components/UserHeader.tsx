//! The frame of a user's pages (profile layout): name, roles, state, and tabs for the user's
//! sections the viewer may open; while the card loads, or when it cannot, a note instead.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useSnapshot } from 'valtio';
import { evaluateGuards } from '../app/guards';
import { findRoute } from '../app/routes';
import { to, type UserCard } from '../lib/person';
import { useReadsJournal } from '../lib/useStudentJournal';
import { currentUser, type CurrentUser } from '../lib/user';
import { paths } from '../paths';
import { RoleBadges } from './RoleBadges';
import './UserHeader.css';

const isStudent = (card: UserCard) => card.roles.includes('student');
const isStaff = (card: UserCard) => card.roles.includes('manager') || card.roles.includes('worker');
/** Who studies or teaches: lessons and subjects are theirs. */
const learnsOrTeaches = (card: UserCard) => isStudent(card) || isStaff(card);
/** Staff are nobody's child; links made before a role changed still show. */
export const mayHaveParents = (card: UserCard) => !isStaff(card) || card.parent_ids.length > 0;
/** Only a parent has children; links made before a role changed still show. */
export const mayHaveChildren = (card: UserCard) => card.roles.includes('parent') || card.children_ids.length > 0;

/** The card's tabs; `when` limits one to the people it is about (the journal's: students), and
 *  `journal` marks those the viewer opens only when he may read the person's journal. */
const TABS: readonly { path: string; label: string; when?: (card: UserCard) => boolean; journal?: true }[] = [
  { path: paths.user, label: 'Профиль' },
  { path: paths.userLessons, label: 'Занятия', when: learnsOrTeaches },
  { path: paths.userAttendance, label: 'Посещаемость', when: isStudent, journal: true },
  { path: paths.userMarks, label: 'Оценки', when: isStudent, journal: true },
  { path: paths.userPayments, label: 'Оплаты', when: isStudent },
  { path: paths.userParents, label: 'Родители', when: mayHaveParents },
  { path: paths.userChildren, label: 'Дети', when: mayHaveChildren },
  { path: paths.userSubjects, label: 'Предметы', when: learnsOrTeaches },
  { path: paths.userCourses, label: 'Курсы', when: isStudent },
  { path: paths.userCalendar, label: 'Календарь' },
  { path: paths.userTasks, label: 'Задачи' },
  { path: paths.userBoards, label: 'Доски' },
  { path: paths.userFiles, label: 'Файлы' },
  { path: paths.userMail, label: 'Почта' },
  { path: paths.userLogs, label: 'Журнал' },
];

/** The tabs of `card` that fit the person's roles and that `user` may open (route guards; the
 *  journal's only when `readsJournal`: `useReadsJournal`). */
export function cardTabs(card: UserCard, user: CurrentUser | null, readsJournal = true) {
  const params = { id: String(card.id) };
  const fits = (tab: (typeof TABS)[number]) => (tab.when?.(card) ?? true) && (readsJournal || !tab.journal);
  return TABS.filter((tab) => fits(tab) && 'pass' in evaluateGuards(findRoute(tab.path)?.guards ?? [], user, params));
}

const initials = (card: UserCard) => `${card.last_name.charAt(0)}${card.first_name.charAt(0)}`;

interface Props {
  card: UserCard | null;
  /** The status of a failed load. */
  status: number | null;
  /** The sub-page's heading under the name. */
  heading?: string;
  children: ReactNode;
}

/** On a narrow screen the tabs scroll sideways: bring the open one into view. */
function useActiveTabInView(ready: boolean) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('a.active');
    if (nav.current && active) nav.current.scrollLeft = active.offsetLeft - (nav.current.clientWidth - active.offsetWidth) / 2;
  }, [ready]);
  return nav;
}

/** Why the card is not shown, and the way on: back to the list, or home when access is missing. */
function CardMissing({ status }: { status: number }) {
  const missing = status === 404 || status === 400;
  const text = missing
    ? 'Такого пользователя нет: возможно, ссылка устарела.'
    : status === 403
      ? 'У Вас нет доступа к карточке этого пользователя.'
      : 'Не удалось загрузить карточку пользователя.';
  return (
    <div className="empty-state">
      <p>{text}</p>
      {status === 403 ? (
        <Link to={paths.home} role="button" className="secondary outline">
          На главную
        </Link>
      ) : (
        <Link to={paths.users} role="button" className="secondary outline">
          К списку пользователей
        </Link>
      )}
    </div>
  );
}

export function UserHeader({ card, status, heading, children }: Props) {
  const { user } = useSnapshot(currentUser);
  const nav = useActiveTabInView(card !== null);
  const readsJournal = useReadsJournal(card, user);
  if (status !== null) return <CardMissing status={status} />;
  if (!card) return <p aria-busy="true">Загружаем карточку…</p>;
  const tabs = cardTabs(card, user, readsJournal);
  return (
    <>
      <header className="profile-header">
        <span className="avatar" aria-hidden="true">
          {initials(card)}
        </span>
        <div>
          <h1>{card.full_name}</h1>
          <RoleBadges roles={card.roles} />
          {card.deleted_at && <span className="badge" data-status="failed">Удалён</span>}
        </div>
      </header>
      {tabs.length > 1 && (
        <nav ref={nav} className="tabs" aria-label="Разделы пользователя">
          {tabs.map((tab) => (
            <NavLink key={tab.path} to={to(tab.path, card.id)} end>
              {tab.label}
            </NavLink>
          ))}
        </nav>
      )}
      {heading && <h2>{heading}</h2>}
      {children}
    </>
  );
}
