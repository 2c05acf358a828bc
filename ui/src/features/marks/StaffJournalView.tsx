//! /marks for staff: a group (a worker: his own, the first of them until he picks) or a subject,
//! and a period, then its journal grid, where the lessons' teachers and managers give marks from
//! the keyboard. A subject's journal holds its lessons of every group and the individual ones (a
//! worker's: his own).
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../app/guards';
import { JournalGrid } from '../../components/JournalGrid';
import { LoadFailure } from '../../components/LoadFailure';
import { TermPicker } from '../../components/TermPicker';
import { useAllPages } from '../../lib/allPages';
import type { JournalSource } from '../../lib/journalGrid';
import { type GroupRow, type Subject } from '../../lib/teaching';
import { periodOf, useAddress, useTerms } from '../../lib/terms';
import { currentUser } from '../../lib/user';
import { endpoints } from '../../paths';

/** The journal the address names: `?group=ID` or `?subject=ID`, written «group:ID» in the picker. */
function sourceOf(search: URLSearchParams): JournalSource | null {
  const group = Number(search.get('group'));
  if (group) return { kind: 'group', id: group };
  const subject = Number(search.get('subject'));
  return subject ? { kind: 'subject', id: subject } : null;
}

export function StaffJournalView() {
  const { user } = useSnapshot(currentUser);
  const manager = mayOpen(['manager'], user);
  const { search, change } = useAddress();
  const terms = useTerms();
  // Every group and subject, however many pages the server sends them in.
  const groups = useAllPages<GroupRow>(endpoints.groups, manager ? {} : { teacher_id: user?.id });
  const subjects = useAllPages<Subject>(endpoints.subjects);
  const groupRows = groups.rows;
  const subjectRows = subjects.rows;
  const period = periodOf(search, terms ?? []);
  // A teacher opens on the first of his groups until he picks another journal.
  const first = groupRows[0];
  const asked = sourceOf(search) ?? (!manager && first ? { kind: 'group' as const, id: first.id } : null);
  const group = asked?.kind === 'group' ? groupRows.find((row) => row.id === asked.id) : undefined;
  const subject = asked?.kind === 'subject' ? subjectRows.find((row) => row.id === asked.id) : undefined;
  const source = group || subject ? asked : null;

  if (!groups.loaded || !subjects.loaded) {
    if (groups.failed || subjects.failed)
      return <LoadFailure what="группы и предметы" onRetry={() => (groups.reload(), subjects.reload())} />;
    return <p aria-busy="true">Загружаем группы и предметы…</p>;
  }
  if (groupRows.length === 0 && subjectRows.length === 0) return <div className="empty-state">В школе пока нет ни групп, ни предметов.</div>;
  const pick = (value: string) => {
    const [kind, id] = value.split(':');
    change({ group: kind === 'group' ? id! : null, subject: kind === 'subject' ? id! : null });
  };
  return (
    <>
      <search className="filters journal-filters">
        <label>
          Журнал
          <select value={source ? `${source.kind}:${source.id}` : ''} onChange={(event) => pick(event.target.value)}>
            <option value="">Выберите группу или предмет</option>
            {groupRows.length > 0 && (
              <optgroup label={manager ? 'Группы' : 'Мои группы'}>
                {groupRows.map((row) => (
                  <option key={row.id} value={`group:${row.id}`}>
                    {row.name}
                  </option>
                ))}
              </optgroup>
            )}
            {subjectRows.length > 0 && (
              <optgroup label={manager ? 'Предметы: все группы и индивидуальные занятия' : 'Предметы: мои занятия'}>
                {subjectRows.map((row) => (
                  <option key={row.id} value={`subject:${row.id}`}>
                    {row.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        {terms && <TermPicker terms={terms} period={period} onChange={change} />}
      </search>
      {!terms ? (
        <p aria-busy="true">Загружаем четверти…</p>
      ) : source ? (
        <JournalGrid
          key={`${source.kind}:${source.id}`}
          source={source}
          from={period.from}
          to={period.to}
          editable={manager || (group ? group.teacher_id === user?.id : true)}
        />
      ) : (
        <div className="empty-state">Выберите группу или предмет, чтобы открыть журнал.</div>
      )}
    </>
  );
}
