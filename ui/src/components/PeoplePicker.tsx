//! Picks people of one role: the chosen ones with a button to take each off, and a search over
//! `/api/users?roles[]=…&search=` whose results can be added.
import { useState } from 'react';
import { roleName, type UserView } from '../lib/person';
import { addPerson, candidates, removePerson } from '../lib/picker';
import { useDebounced } from '../lib/useDebounced';
import { useList } from '../lib/useList';
import { endpoints } from '../paths';
import './PeoplePicker.css';

const SEARCH_DELAY = 300;
const RESULTS = 8;

interface Props {
  role: 'parent' | 'student';
  /** The user whose relatives these are: never offered. */
  selfId: number;
  chosen: readonly UserView[];
  onChange: (chosen: UserView[]) => void;
  error?: string;
}

export function PeoplePicker({ role, selfId, chosen, onChange, error }: Props) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DELAY);
  const { page, loading } = useList<UserView>(endpoints.users, { roles: [role], search: search || undefined, per_page: RESULTS });
  const offered = candidates(page?.data ?? [], chosen, selfId);
  return (
    <div className="picker">
      <ul className="picker-chosen" aria-label="Выбраны">
        {chosen.length === 0 && <li className="muted">Никто не выбран</li>}
        {chosen.map((person) => (
          <li key={person.id}>
            <span>
              {person.full_name} <small className="muted">{person.email}</small>
            </span>
            <button type="button" className="secondary outline" aria-label={`Убрать: ${person.full_name}`} onClick={() => onChange(removePerson(chosen, person.id))}>
              Убрать
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="ФИО, email или телефон"
        aria-label={`Найти: ${roleName(role).toLowerCase()}`}
      />
      <ul className="picker-results" aria-busy={loading} aria-label="Найдены">
        {page && offered.length === 0 && <li className="muted">Никого не нашлось</li>}
        {offered.map((person) => (
          <li key={person.id}>
            <button type="button" className="secondary outline" onClick={() => onChange(addPerson(chosen, person))}>
              <span>+ {person.full_name}</span> <small className="muted">{person.email}</small>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
