//! A filter that picks several values from a short list: Pico's dropdown with a checkbox per
//! value; its summary names what is chosen.
import { useRef } from 'react';
import './ChoiceMenu.css';

interface Option<V> {
  value: V;
  label: string;
}

interface Props<V> {
  label: string;
  options: readonly Option<V>[];
  chosen: readonly V[];
  onChange: (chosen: V[]) => void;
}

export function ChoiceMenu<V extends string | number>({ label, options, chosen, onChange }: Props<V>) {
  const menu = useRef<HTMLDetailsElement>(null);
  const names = options.filter((option) => chosen.includes(option.value)).map((option) => option.label);
  const toggle = (value: V, on: boolean) =>
    onChange(on ? options.map((o) => o.value).filter((v) => v === value || chosen.includes(v)) : chosen.filter((v) => v !== value));
  return (
    <details
      ref={menu}
      className="dropdown choice-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menu.current?.open) {
          menu.current.open = false;
          menu.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary aria-label={names.length ? `${label}: ${names.join(', ')}` : label}>
        <span className="choice-menu-label">{names.length ? names.join(', ') : label}</span>
      </summary>
      <ul>
        {options.map((option) => (
          <li key={option.value}>
            <label>
              <input type="checkbox" checked={chosen.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
