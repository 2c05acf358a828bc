//! The route table: every page with its path, guards, layout and title (spec §2). A route is
//! listed once its page exists; every other path is the 404 page.
import type { ComponentType } from 'react';
import { paths } from '../paths';
import type { Scheme } from '../lib/theme';
import type { GuardName } from './guards';

export type LayoutName = 'default' | 'blank' | 'profile';

export interface PageRoute {
  path: string;
  title: string;
  guards: readonly GuardName[];
  layout: LayoutName;
  /** A colour scheme the page forces whatever the user chose. */
  scheme?: Scheme;
  page: () => Promise<{ default: ComponentType }>;
}

export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home, title: 'Главная', guards: ['auth'], layout: 'default', page: () => import('../features/home/HomePage') },
  { path: paths.help, title: 'Справка', guards: [], layout: 'default', page: () => import('../features/help/HelpPage') },
  { path: paths.settings, title: 'Настройки', guards: [], layout: 'default', page: () => import('../features/settings/SettingsPage') },
  { path: paths.settingsUi, title: 'Интерфейс', guards: [], layout: 'default', page: () => import('../features/settings/UiSettingsPage') },
  // Spec §2 gives /settings/password no guard; changing one's password needs a signed-in user.
  { path: paths.settingsPassword, title: 'Пароль', guards: ['auth'], layout: 'default', page: () => import('../features/settings/PasswordPage') },
  // Spec §2 gives /settings/notifications no guard; the settings are a signed-in user's.
  { path: paths.settingsNotifications, title: 'Уведомления', guards: ['auth'], layout: 'default', page: () => import('../features/settings/NotificationSettingsPage') },
  { path: paths.settingsBackups, title: 'Резервные копии', guards: ['manager'], layout: 'default', page: () => import('../features/backups/BackupsPage') },
  { path: paths.login, title: 'Вход', guards: ['guest'], layout: 'blank', page: () => import('../features/auth/LoginPage') },
  { path: paths.forgotPassword, title: 'Восстановление пароля', guards: ['guest'], layout: 'blank', page: () => import('../features/auth/ForgotPasswordPage') },
  { path: paths.resetPassword, title: 'Новый пароль', guards: ['guest'], layout: 'blank', page: () => import('../features/auth/ResetPasswordPage') },
  // No guard: the letter's link must work in a browser that is not signed in (yet).
  { path: paths.verifyEmail, title: 'Подтверждение эл. почты', guards: [], layout: 'default', page: () => import('../features/auth/VerifyEmailPage') },
  { path: paths.history, title: 'Журнал действий', guards: ['manager'], layout: 'default', page: () => import('../features/history/ActivityPage') },
  { path: paths.moneyHistory, title: 'История оплат', guards: ['manager'], layout: 'default', page: () => import('../features/payments/MoneyHistoryPage') },
  // Spec §2 gives /payments no guard; money is a signed-in person's: staff see the school's ledger and
  // debtors, a student or parent his own or his children's (issue 15; the server decides).
  { path: paths.payments, title: 'Оплаты', guards: ['auth'], layout: 'default', page: () => import('../features/payments/PaymentsPage') },
  // Not among spec §2's routes: the printable receipt of one payment (issue 15), blank layout as the
  // spec's print pages; staff, or the student/parent it belongs to (the server decides).
  { path: paths.receipt, title: 'Квитанция', guards: ['auth'], layout: 'blank', page: () => import('../features/payments/ReceiptPage') },
  { path: paths.mailHistory, title: 'История писем', guards: ['manager'], layout: 'default', page: () => import('../features/history/MailHistoryPage') },
  // Spec §2 gives /users no guard; the list is of people, so it needs a signed-in user.
  { path: paths.users, title: 'Пользователи', guards: ['auth'], layout: 'default', page: () => import('../features/people/UsersPage') },
  { path: paths.userCreate, title: 'Новый пользователь', guards: ['manager'], layout: 'default', page: () => import('../features/people/CreateUserPage') },
  { path: paths.usersImport, title: 'Импорт пользователей', guards: ['manager'], layout: 'default', page: () => import('../features/import/ImportPage') },
  { path: paths.user, title: 'Пользователь', guards: ['master-by-url'], layout: 'profile', page: () => import('../features/people/UserCardPage') },
  { path: paths.userUpdate, title: 'Редактирование пользователя', guards: ['manager'], layout: 'profile', page: () => import('../features/people/EditUserPage') },
  { path: paths.userParents, title: 'Родители', guards: ['worker'], layout: 'profile', page: () => import('../features/people/ParentsPage') },
  { path: paths.userChildren, title: 'Дети', guards: ['manager'], layout: 'profile', page: () => import('../features/people/ChildrenPage') },
  { path: paths.userFiles, title: 'Файлы', guards: ['manager'], layout: 'profile', page: () => import('../features/files/FilesPage') },
  { path: paths.userMail, title: 'Почта', guards: ['manager'], layout: 'profile', page: () => import('../features/history/UserMailPage') },
  { path: paths.userLogs, title: 'Журнал действий', guards: ['manager'], layout: 'profile', page: () => import('../features/history/UserLogsPage') },
  // Spec §2 gives /calendar no guard; a calendar is a signed-in person's (or, for staff, the school's).
  { path: paths.calendar, title: 'Календарь', guards: ['auth'], layout: 'default', page: () => import('../features/calendar/CalendarPage') },
  // Spec §2 gives /users/{id}/calendar no guard; the server checks it by master-by-url, and so does the tab.
  { path: paths.userCalendar, title: 'Календарь', guards: ['master-by-url'], layout: 'profile', page: () => import('../features/calendar/UserCalendarPage') },
  // Issue 17: the school's events (holidays, exams, meetings) are put on the calendars by managers.
  { path: paths.events, title: 'События', guards: ['manager'], layout: 'default', page: () => import('../features/events/EventsPage') },
  { path: paths.profile, title: 'Мой профиль', guards: ['manager'], layout: 'profile', page: () => import('../features/people/ProfilePage') },
  { path: paths.tags, title: 'Теги', guards: ['worker'], layout: 'default', page: () => import('../features/tags/TagsPage') },
  { path: paths.groups, title: 'Группы', guards: ['worker'], layout: 'default', page: () => import('../features/groups/GroupsPage') },
  { path: paths.groupCreate, title: 'Новая группа', guards: ['worker'], layout: 'default', page: () => import('../features/groups/CreateGroupPage') },
  { path: paths.group, title: 'Группа', guards: ['worker'], layout: 'default', page: () => import('../features/groups/GroupPage') },
  // Spec §2 gives /lessons no guard; the lessons shown are a signed-in person's (staff: all).
  { path: paths.lessons, title: 'Занятия', guards: ['auth'], layout: 'default', page: () => import('../features/lessons/LessonsPage') },
  // Not among spec §2's routes: one lesson and its journal (a teacher's day opens it); signed in,
  // the server answers whoever may read the lesson.
  { path: paths.lesson, title: 'Занятие', guards: ['auth'], layout: 'default', page: () => import('../features/journal/LessonJournalPage') },
  // Spec §2 gives /users/{id}/lessons no guard; the server answers by master-by-url, and so does the tab.
  { path: paths.userLessons, title: 'Занятия', guards: ['master-by-url'], layout: 'profile', page: () => import('../features/lessons/UserLessonsPage') },
  // Spec §2 gives /marks no guard; the marks shown are a signed-in person's (staff: a group's journal).
  { path: paths.marks, title: 'Оценки', guards: ['auth'], layout: 'default', page: () => import('../features/marks/MarksPage') },
  // Spec §2 gives /users/{id}/attendance no guard; the server answers by master-by-url, and so does the tab.
  { path: paths.userAttendance, title: 'Посещаемость', guards: ['master-by-url'], layout: 'profile', page: () => import('../features/attendance/UserAttendancePage') },
  // Not among spec §2's routes: the card's «Оценки» tab (issue 14), by master-by-url as its API.
  { path: paths.userMarks, title: 'Оценки', guards: ['master-by-url'], layout: 'profile', page: () => import('../features/marks/UserMarksPage') },
  // Spec §2 gives /users/{id}/payments no guard; the server answers by master-by-url (SeeUser), and so does the tab.
  { path: paths.userPayments, title: 'Оплаты', guards: ['master-by-url'], layout: 'profile', page: () => import('../features/payments/UserPaymentsPage') },
  // Spec §2 gives the tasks' pages no guard; they are a signed-in person's own (issue 17): the
  // server answers each with the tasks the caller may see.
  { path: paths.tasks, title: 'Задачи', guards: ['auth'], layout: 'default', page: () => import('../features/tasks/MyTasksPage') },
  { path: paths.tasksList, title: 'Список задач', guards: ['auth'], layout: 'default', page: () => import('../features/tasks/TasksListPage') },
  { path: paths.tasksCalendar, title: 'Календарь задач', guards: ['auth'], layout: 'default', page: () => import('../features/tasks/TasksCalendarPage') },
  // Spec §2 gives /users/{id}/tasks no guard; the server answers the tasks of that person the caller may see.
  { path: paths.userTasks, title: 'Задачи', guards: ['auth'], layout: 'profile', page: () => import('../features/tasks/UserTasksPage') },
  // Spec §2 gives /users/{id}/boards no guard; a person's boards are his own or a manager's to see (issue 17).
  { path: paths.userBoards, title: 'Доски', guards: ['owner-by-url'], layout: 'profile', page: () => import('../features/boards/UserBoardsPage') },
  { path: paths.subjects, title: 'Предметы', guards: ['worker'], layout: 'default', page: () => import('../features/catalog/SubjectsPage') },
  // Courses are not among spec §2's routes: the catalogue's second list, beside /subjects, for staff.
  { path: paths.courses, title: 'Курсы', guards: ['worker'], layout: 'default', page: () => import('../features/catalog/CoursesPage') },
  { path: paths.course, title: 'Курс', guards: ['worker'], layout: 'default', page: () => import('../features/catalog/CoursePage') },
  { path: paths.userSubjects, title: 'Предметы', guards: ['worker'], layout: 'profile', page: () => import('../features/catalog/PersonSubjectsPage') },
  // Spec §2 gives these two no guard; they are a person's, so signed in (the server checks master-by-url).
  { path: paths.userCourses, title: 'Курсы', guards: ['auth'], layout: 'profile', page: () => import('../features/catalog/PersonCoursesPage') },
  { path: paths.userCourse, title: 'Курс', guards: ['auth'], layout: 'profile', page: () => import('../features/catalog/PersonCoursePage') },
];

export function findRoute(path: string): PageRoute | undefined {
  return pageRoutes.find((route) => route.path === path);
}
