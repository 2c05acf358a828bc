//! The end of a record's dialog: the messages of no field, then «Отмена» and «Создать» (a new
//! record), «Сохранить» (a change) or the dialog's own action, the latter busy while the form is sent.
import { FormAlert } from './FormAlert';

interface Props {
  /** Messages of no field on the form. */
  stray: readonly string[];
  pending: boolean;
  /** A change of a record that exists (else a new one). */
  editing: boolean;
  onCancel: () => void;
  /** The submit button's own words («Принять оплату»), in place of «Создать»/«Сохранить». */
  action?: string;
  /** Paints the submit button red (a reversal). */
  danger?: boolean;
}

export function DialogFooter({ stray, pending, editing, onCancel, action, danger }: Props) {
  return (
    <>
      <FormAlert messages={stray} />
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Отмена
        </button>
        <button type="submit" className={danger ? 'danger' : undefined} aria-busy={pending}>
          {action ?? (editing ? 'Сохранить' : 'Создать')}
        </button>
      </footer>
    </>
  );
}

/** The archive mark of a record being changed, as a switch. */
export function ArchivedSwitch({ checked, onChange }: { checked: boolean; onChange: (archived: boolean) => void }) {
  return (
    <label className="inline-check">
      <input type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} />В архиве
    </label>
  );
}
