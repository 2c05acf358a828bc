//! The subjects table: the subject (its colour chip), the usual price, the archive mark, and the
//! buttons to change, archive or delete it; on phones each row becomes a card.
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import { SortHeader } from '../../components/SortHeader';
import { TagBadge } from '../../components/TagBadge';
import { formatMoney } from '../../lib/format';
import type { Subject } from '../../lib/teaching';
import { SUBJECT_SORTS } from './catalog';

interface Props {
  rows: readonly Subject[];
  busy: boolean;
  sort: string;
  onSort: (sort: string) => void;
  onEdit: (subject: Subject) => void;
  onArchive: (subject: Subject) => void;
  onRemove: (subject: Subject) => void;
}

export function SubjectsTable({ rows, busy, sort, onSort, onEdit, onArchive, onRemove }: Props) {
  return (
    <DataTable
      caption="Предметы"
      className="catalog-table"
      busy={busy}
      head={
        <>
          <SortHeader label={SUBJECT_SORTS.name} field="name" sort={sort} onSort={onSort} />
          <th scope="col">Цена занятия</th>
          <th scope="col">Состояние</th>
          <ActionsHeader />
        </>
      }
    >
      {rows.map((subject) => (
        <tr key={subject.id}>
          <td data-label="Предмет">
            <TagBadge tag={subject} />
          </td>
          <td data-label="Цена занятия">{subject.price == null ? <span className="muted">не задана</span> : formatMoney(subject.price)}</td>
          <td data-label="Состояние">{subject.archived ? <span className="badge">В архиве</span> : 'Действует'}</td>
          <td className="row-actions">
            <RowActions
              editLabel={`Изменить предмет «${subject.name}»`}
              removeLabel={`Удалить предмет «${subject.name}»`}
              onEdit={() => onEdit(subject)}
              onRemove={() => onRemove(subject)}
            >
              <button type="button" className="secondary outline" onClick={() => onArchive(subject)}>
                {subject.archived ? 'Вернуть' : 'В архив'}
              </button>
            </RowActions>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
