//! A table column header that sorts by its field: `field` ascending, `-field` descending; a click
//! on the active column turns the order round.
import './SortHeader.css';

/** The sort after a click on `field`'s header when the list is sorted by `sort`. */
export const nextSort = (sort: string, field: string) => (sort === field ? `-${field}` : field);

interface Props {
  label: string;
  field: string;
  sort: string;
  onSort: (sort: string) => void;
}

export function SortHeader({ label, field, sort, onSort }: Props) {
  const order = sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={order}>
      <button type="button" className="sort-button" onClick={() => onSort(nextSort(sort, field))}>
        {label}
        <span aria-hidden="true">{order === 'ascending' ? '↑' : order === 'descending' ? '↓' : '↕'}</span>
      </button>
    </th>
  );
}
