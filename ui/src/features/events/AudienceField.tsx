//! Whom an event is for: everyone, the staff, some groups (their students, parents and teachers)
//! or some people (a student with his parents) — groups ticked from the school's list, people
//! found by the people search. The server's message about the audience shows under it.
import { useId, useState } from 'react';
import { PeoplePicker } from '../../components/PeoplePicker';
import { useAllPages } from '../../lib/allPages';
import type { GroupRow } from '../../lib/teaching';
import { endpoints } from '../../paths';
import type { AudienceKind, EventForm } from './events';

const AUDIENCES: Record<AudienceKind, string> = { all: 'Все', staff: 'Сотрудники', groups: 'Группы', people: 'Люди' };

interface Props {
  form: EventForm;
  set: <K extends keyof EventForm>(name: K, value: EventForm[K]) => void;
  error?: string;
}

function GroupChoice({ chosen, onChange }: { chosen: readonly number[]; onChange: (ids: number[]) => void }) {
  const [text, setText] = useState('');
  const { rows, loaded, loading, failed } = useAllPages<GroupRow>(endpoints.groups);
  const needle = text.trim().toLowerCase();
  const groups = rows.filter((group) => chosen.includes(group.id) || !needle || group.name.toLowerCase().includes(needle));
  return (
    <div className="event-groups">
      <input type="search" value={text} placeholder="Название группы" aria-label="Найти группу" onChange={(event) => setText(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()} />
      <ul aria-busy={loading} aria-label="Группы">
        {failed && <li className="muted">Не удалось загрузить группы</li>}
        {loaded && groups.length === 0 && <li className="muted">Групп не нашлось</li>}
        {groups.map((group) => (
          <li key={group.id}>
            <label className="inline-check">
              <input
                type="checkbox"
                checked={chosen.includes(group.id)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, group.id] : chosen.filter((id) => id !== group.id))}
              />
              {group.name}
            </label>
          </li>
        ))}
      </ul>
      <small>{chosen.length ? `Выбрано групп: ${chosen.length}` : 'Отметьте группы'}</small>
    </div>
  );
}

export function AudienceField({ form, set, error }: Props) {
  const name = useId();
  return (
    <fieldset className="event-audience">
      <legend>Для кого</legend>
      <div className="event-audience-kinds" role="radiogroup" aria-label="Для кого">
        {(Object.keys(AUDIENCES) as AudienceKind[]).map((kind) => (
          <label key={kind} className="inline-check">
            <input type="radio" name={name} value={kind} checked={form.audience === kind} onChange={() => set('audience', kind)} aria-invalid={error ? true : undefined} />
            {AUDIENCES[kind]}
          </label>
        ))}
      </div>
      {form.audience === 'groups' && <GroupChoice chosen={form.group_ids} onChange={(ids) => set('group_ids', ids)} />}
      {form.audience === 'people' && (
        <PeoplePicker selfId={0} chosen={form.people} onChange={(people) => set('people', people)} />
      )}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
