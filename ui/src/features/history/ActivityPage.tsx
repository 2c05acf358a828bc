//! /history (manager): the activity log of the whole school: who changed what, when and from
//! where, a manager acting as someone shown as both people.
import { useListPage } from '../../lib/useListPage';
import { endpoints } from '../../paths';
import { logFilters } from './activity';
import { ActivityLog } from './ActivityLog';

export default function ActivityPage() {
  const view = useListPage(logFilters, endpoints.history);
  return (
    <>
      <h1>Журнал действий</h1>
      <ActivityLog view={view} empty={<p>Записей пока нет. Здесь появится каждое изменение: входы, карточки пользователей, теги, файлы.</p>} />
    </>
  );
}
