//! Picking people by a search over `/api/users?roles[]=…&search=`: `PeoplePicker` keeps a list of
//! the chosen (a person's parents or children, an event's audience), `PersonField` one person (a list's filter).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { roleName, type UserView } from '../lib/person';
import { addPerson, candidates, removePerson } from '../lib/picker';
import { useDebounced } from '../lib/useDebounced';
import { useList } from '../lib/useList';
import type { Role } from '../lib/user';
import { endpoints } from '../paths';
import './PeoplePicker.css';

const SEARCH_DELAY = 300;
const RESULTS = 8;

type PickRole = 'parent' | 'student' | 'worker';
/** Whom a search offers: people with this role, or with any of these roles (none or an empty list: anyone). */
type Offered = PickRole | readonly Role[] | undefined;

/** The people a search finds; with `onlyTyped`, nobody until something is typed. */
function usePeopleSearch(text: string, offered: Offered, onlyTyped = false) {
  const search = useDebounced(text.trim(), SEARCH_DELAY);
  const url = onlyTyped && !search ? null : endpoints.users;
  const roles = offered === undefined ? [] : typeof offered === 'string' ? [offered] : [...offered];
  return useList<UserView>(url, { roles, search: search || undefined, per_page: RESULTS });
}

interface FoundProps {
  id?: string;
  people: readonly UserView[];
  /** No answer yet, so «Никого» would be premature. */
  searched: boolean;
  busy: boolean;
  onPick: (person: UserView) => void;
  /** Before each name: «+ » where the person is added to a list. */
  sign?: string;
}

function Found({ id, people, searched, busy, onPick, sign = '' }: FoundProps) {
  return (
    // A press on a result keeps the focus where it is, so the field does not close under it.
    <ul id={id} className="picker-results" aria-busy={busy} aria-label="Найдены" onMouseDown={(event) => event.preventDefault()}>
      {searched && people.length === 0 && <li className="muted">Никого не нашлось</li>}
      {people.map((person) => (
        <li key={person.id}>
          <button type="button" className="secondary outline" onClick={() => onPick(person)}>
            <span>
              {sign}
              {person.full_name}
            </span>{' '}
            <small className="muted">{person.email}</small>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface PickerProps {
  /** Only people with this role are offered (anyone without). */
  role?: PickRole;
  /** The user whose relatives these are: never offered. */
  selfId: number;
  chosen: readonly UserView[];
  onChange: (chosen: UserView[]) => void;
  error?: string;
}

export function PeoplePicker({ role, selfId, chosen, onChange, error }: PickerProps) {
  const [text, setText] = useState('');
  const { page, loading } = usePeopleSearch(text, role);
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
        // Inside a form (the create form) Enter searches, it does not send the form.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        placeholder="ФИО, email или телефон"
        aria-label={role ? `Найти: ${roleName(role).toLowerCase()}` : 'Найти человека'}
      />
      <Found people={offered} searched={page !== null} busy={loading} sign="+ " onPick={(person) => onChange(addPerson(chosen, person))} />
    </div>
  );
}

/** Arrow keys walk from the field into the people found and back. */
function walk(event: KeyboardEvent, root: HTMLElement | null) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const stops = [...(root?.querySelectorAll<HTMLElement>('input, .picker-results button') ?? [])];
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const next = stops[at + (event.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

interface FieldProps {
  /** The chosen person; `{id}` alone while the name is on its way. */
  person: Pick<UserView, 'id'> & Partial<Pick<UserView, 'full_name'>> | null;
  onChange: (person: UserView | null) => void;
  label: string;
  /** Only people with this role, or with any of these roles, are offered (none or an empty list: anyone). */
  role?: Offered;
}

/** One person or nobody: a search whose results drop down while typing, then the person's name. */
export function PersonField({ person, onChange, label, role }: FieldProps) {
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const { page, loading } = usePeopleSearch(text, role, true);
  if (person) {
    const name = person.full_name ?? `№${person.id}`;
    return (
      <div className="person-chosen">
        <span title={name}>{name}</span>
        <button
          type="button"
          className="secondary outline"
          aria-label={`${label}: ${name}. Убрать`}
          onClick={() => {
            setText('');
            onChange(null);
          }}
        >
          ×
        </button>
      </div>
    );
  }
  const open = focused && text.trim() !== '';
  return (
    <div
      ref={root}
      className="person-field"
      onKeyDown={(event) => walk(event, root.current)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => !root.current?.contains(event.relatedTarget as Node | null) && setFocused(false)}
    >
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setText('')}
        placeholder={`${label}: ФИО или email`}
        aria-label={label}
        aria-controls={listId}
        autoComplete="off"
      />
      {open && <Found id={listId} people={page?.data ?? []} searched={page !== null && !loading} busy={loading} onPick={onChange} />}
    </div>
  );
}
