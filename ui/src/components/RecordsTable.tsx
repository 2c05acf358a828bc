//! A table of records, newest first (the first column says so to screen readers): it scrolls
//! sideways when it must and dims while the next page loads; on phones the rows become cards.
import type { ReactNode } from 'react';

interface Props {
  /** What the table lists, for screen readers: «История писем». */
  caption: string;
  columns: readonly string[];
  busy: boolean;
  className?: string;
  /** The rows. */
  children: ReactNode;
}

export function RecordsTable({ caption, columns, busy, className, children }: Props) {
  return (
    <div className="table-scroll" aria-busy={busy}>
      <table className={className ? `data-table ${className}` : 'data-table'}>
        <caption className="sr-only">{caption}, сначала новые</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column} scope="col" aria-sort={i === 0 ? 'descending' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
