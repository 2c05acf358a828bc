//! The buttons that end a record's row: change it, whatever the area adds, delete it (icons, named
//! for screen readers: «Изменить курс «Алгебра»»).
import type { ReactNode } from 'react';
import { Icon } from './Icon';

interface Props {
  /** The change button's name for screen readers: «Изменить курс «Алгебра»». */
  editLabel: string;
  /** The delete button's: «Удалить курс «Алгебра»». */
  removeLabel: string;
  onEdit: () => void;
  /** Left out: no delete button (the reader may not delete this record). */
  onRemove?: () => void;
  /** Buttons between the two. */
  children?: ReactNode;
}

export function RowActions({ editLabel, removeLabel, onEdit, onRemove, children }: Props) {
  return (
    <>
      <button type="button" className="secondary outline" aria-label={editLabel} onClick={onEdit}>
        <Icon name="edit" size={18} />
      </button>
      {children}
      {onRemove && (
        <button type="button" className="danger outline" aria-label={removeLabel} onClick={onRemove}>
          <Icon name="trash" size={18} />
        </button>
      )}
    </>
  );
}
