//! /history (manager): the activity log of the whole school: who changed what, when and from
//! where, a manager acting as someone shown as both people.
import { endpoints } from '../../paths';
import { ActivityLog } from './ActivityLog';

export default function ActivityPage() {
  return (
    <>
      <h1>Журнал действий</h1>
      <ActivityLog
        url={endpoints.history}
        byPerson
        empty={<p>Записей пока нет. Здесь появится каждое изменение: входы, карточки пользователей, теги, файлы.</p>}
      />
    </>
  );
}
