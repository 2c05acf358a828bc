//! The file as the server read it: one line a row with its action, its cells (a changed one as
//! «было → станет»), the roles it grants and its errors; filtered by action or errors, shown a
//! hundred rows at a time.
import { useId, useState } from 'react';
import { roleName } from '../../lib/person';
import {
  countKinds,
  filterRows,
  FILTER_LABELS,
  KIND_LABELS,
  markedRoles,
  rowKind,
  type ImportReport,
  type ImportRow,
  type RowFilter,
} from './importCsv';

/** Rows shown at once; «Показать ещё» adds as many. */
const STEP = 100;
const FILTERS: RowFilter[] = ['all', 'create', 'update', 'restore', 'skip', 'errors'];

function Cell({ row, column }: { row: ImportRow; column: string }) {
  const change = row.changes.find((c) => c.field === column);
  if (change) {
    return (
      <span className="import-change">
        {change.from ? <del>{change.from}</del> : <span className="muted">—</span>} → <ins>{change.to || '—'}</ins>
      </span>
    );
  }
  const value = row.values[column];
  return value ? <span className="import-value">{value}</span> : <span className="muted">—</span>;
}

/** An errored cell is marked; an empty, unchanged one folds away on a phone. */
function cellClass(row: ImportRow, column: string, broken: Set<string>): string | undefined {
  if (broken.has(column)) return 'import-broken';
  const empty = !row.values[column] && !row.changes.some((c) => c.field === column);
  return empty ? 'import-empty' : undefined;
}

function Row({ row, columns }: { row: ImportRow; columns: string[] }) {
  const kind = rowKind(row);
  const broken = new Set(row.errors.map((e) => e.column));
  return (
    <>
      <tr data-kind={kind} className={row.errors.length ? 'import-has-errors' : undefined}>
        <td data-label="Строка">{row.row}</td>
        <td data-label="Действие">
          <span className="import-marks">
            <span className="badge import-badge" data-kind={kind}>
              {KIND_LABELS[kind]}
            </span>
            {markedRoles(row).map((role) => (
              <span
                key={role}
                className="badge import-badge"
                data-role={role}
                title={role === 'worker' ? 'Получит доступ сотрудника' : 'Получит роль'}
              >
                + {roleName(role)}
              </span>
            ))}
          </span>
        </td>
        {columns.map((column) => (
          <td key={column} data-label={column} className={cellClass(row, column, broken)}>
            <Cell row={row} column={column} />
          </td>
        ))}
      </tr>
      {row.errors.length > 0 && (
        <tr className="import-error-line">
          <td colSpan={columns.length + 2} data-label="Ошибки">
            <ul className="import-row-errors" aria-label={`Ошибки строки ${row.row}`}>
              {row.errors.map((error, index) => (
                <li key={index}>
                  {error.column && <b>{error.column}: </b>}
                  {error.message}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}

export function ImportPreview({ report }: { report: ImportReport }) {
  const [filter, setFilter] = useState<RowFilter>('all');
  const [limit, setLimit] = useState(STEP);
  const name = useId();
  const counts = countKinds(report.rows);
  // A new check may have no rows of the chosen kind left: then every row is shown.
  const active = counts[filter] > 0 ? filter : 'all';
  const rows = filterRows(report.rows, active);
  const shown = rows.slice(0, limit);
  const choose = (next: RowFilter) => {
    setFilter(next);
    setLimit(STEP);
  };
  return (
    <div className="import-preview">
      <fieldset className="import-filter">
        <legend>Показать строки</legend>
        {FILTERS.filter((f) => f === 'all' || counts[f] > 0).map((f) => (
          <label key={f} data-kind={f}>
            <input type="radio" name={name} value={f} checked={active === f} onChange={() => choose(f)} />
            {FILTER_LABELS[f]} <span className="import-count">{counts[f]}</span>
          </label>
        ))}
      </fieldset>
      <div className="import-table-frame" tabIndex={0} role="region" aria-label="Строки файла">
        <table className="import-rows">
          <thead>
            <tr>
              <th scope="col">Строка</th>
              <th scope="col">Действие</th>
              {report.columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <Row key={row.row} row={row} columns={report.columns} />
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown.length && (
        <button type="button" className="secondary import-more" onClick={() => setLimit(limit + STEP)}>
          Показать ещё {Math.min(STEP, rows.length - shown.length)} из {rows.length - shown.length}
        </button>
      )}
    </div>
  );
}
