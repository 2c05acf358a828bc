//! The tags table: the tag (its badge), how many people carry it (a link to them), and the buttons
//! to change or delete it; sortable by name and by count; on phones each row becomes a card.
import { Link } from 'react-router';
import { ActionsHeader, DataTable } from '../../components/DataTable';
import { RowActions } from '../../components/RowActions';
import { SortHeader } from '../../components/SortHeader';
import { TagBadge } from '../../components/TagBadge';
import { countPeople } from '../../lib/plural';
import type { Tag } from '../../lib/tags';
import { paths } from '../../paths';
import { TAG_SORTS } from './tags';

interface Props {
  rows: readonly Tag[];
  busy: boolean;
  sort: string;
  onSort: (sort: string) => void;
  onEdit: (tag: Tag) => void;
  onRemove: (tag: Tag) => void;
}

export function TagsTable({ rows, busy, sort, onSort, onEdit, onRemove }: Props) {
  return (
    <DataTable
      caption="Теги"
      className="tags-table"
      busy={busy}
      head={
        <>
          <SortHeader label={TAG_SORTS.name} field="name" sort={sort} onSort={onSort} />
          <SortHeader label={TAG_SORTS.users_count} field="users_count" sort={sort} onSort={onSort} />
          <ActionsHeader />
        </>
      }
    >
      {rows.map((tag) => (
        <tr key={tag.id}>
          <td data-label="Тег">
            <TagBadge tag={tag} />
          </td>
          <td data-label="Люди">
            <Link to={`${paths.users}?tag=${tag.id}`}>{countPeople(tag.users_count ?? 0)}</Link>
          </td>
          <td className="tag-row-actions">
            <RowActions editLabel={`Изменить тег «${tag.name}»`} removeLabel={`Удалить тег «${tag.name}»`} onEdit={() => onEdit(tag)} onRemove={() => onRemove(tag)} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
