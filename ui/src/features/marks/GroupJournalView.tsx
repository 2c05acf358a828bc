//! /marks for staff: a group (a worker: his own) and a period, then the group's journal grid,
//! where the group's teacher and managers give marks from the keyboard.
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { JournalGrid } from '../../components/JournalGrid';
import { type GroupRow } from '../../lib/teaching';
import { useList } from '../../lib/useList';
import { currentUser } from '../../lib/user';
import { endpoints } from '../../paths';
import { periodOf, useAddress, useTerms } from '../../lib/terms';
import { TermPicker } from '../../components/TermPicker';

export function GroupJournalView() {
  const { user } = useSnapshot(currentUser);
  const manager = mayOpen(['manager'], user);
  const { search, change } = useAddress();
  const terms = useTerms();
  const groups = useList<GroupRow>(endpoints.groups, manager ? { per_page: 100 } : { teacher_id: user?.id, per_page: 100 });
  const rows = groups.page?.data ?? [];
  const groupId = Number(search.get('group')) || null;
  const group = rows.find((row) => row.id === groupId) ?? null;
  const period = periodOf(search, terms ?? []);

  if (!groups.page) {
    if (groups.failed)
      return (
        <div className="empty-state">
          <p>Не удалось загрузить группы.</p>
          <button type="button" className="secondary outline" onClick={groups.reload}>
            Повторить
          </button>
        </div>
      );
    return <p aria-busy="true">Загружаем группы…</p>;
  }
  if (rows.length === 0) return <div className="empty-state">{manager ? 'В школе пока нет групп.' : 'У Вас пока нет групп.'}</div>;
  return (
    <>
      <search className="filters journal-filters">
        <label>
          Группа
          <select value={group?.id ?? ''} onChange={(event) => change({ group: event.target.value || null })}>
            <option value="">Выберите группу</option>
            {rows.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
        </label>
        {terms && (
          <TermPicker
            terms={terms}
            period={period}
            onChange={change}
          />
        )}
      </search>
      {!terms ? (
        <p aria-busy="true">Загружаем четверти…</p>
      ) : group ? (
        <JournalGrid
          key={group.id}
          groupId={group.id}
         
          from={period.from}
          to={period.to}
          editable={manager || group.teacher_id === user?.id}
        />
      ) : (
        <div className="empty-state">Выберите группу, чтобы открыть её журнал.</div>
      )}
    </>
  );
}
