//! A dialog that sets a user's roles or tags: a checkbox per option, saved in one call; a 422
//! message (e.g. the last manager's role) shows under the options.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../../components/Modal';
import { ApiError } from '../../lib/api/client';
import type { OverlayProps } from '../../lib/overlays';

export interface ChoicesProps<V> {
  title: string;
  options: readonly { value: V; label: ReactNode }[];
  initial: readonly V[];
  /** The save call; the dialog closes with its result. */
  save: (chosen: V[]) => Promise<unknown>;
}

export function ChoicesDialog<V extends string | number>({ open, close, title, options, initial, save }: OverlayProps & ChoicesProps<V>) {
  const [chosen, setChosen] = useState<V[]>([...initial]);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      close(await save(options.map((o) => o.value).filter((v) => chosen.includes(v))));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(Object.values(failure.fieldErrors)[0] ?? '');
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} close={close} title={title}>
      <form onSubmit={onSubmit}>
        <fieldset className="check-list" aria-invalid={error ? true : undefined}>
          {options.map((option) => (
            <label key={option.value}>
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) => {
                  setError('');
                  setChosen(event.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value));
                }}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={() => close()}>
            Отмена
          </button>
          <button type="submit" aria-busy={pending}>
            Сохранить
          </button>
        </footer>
      </form>
    </Modal>
  );
}
