//! The school's ledger (staff): filters by days, kind, method and student, the totals of the
//! filtered range, the CSV of it, and the entries newest first; shared by /payments and, with
//! who and when, by /history/payments.
import { useSnapshot } from 'valtio';
import { DayField } from '../../components/DayField';
import { ListResults } from '../../components/ListResults';
import { PersonField } from '../../components/PeoplePicker';
import { apiUrl } from '../../lib/api/request';
import { KIND_NAMES, KINDS, METHOD_NAMES, METHODS, totalsLines, type LedgerEntry, type LedgerTotals } from '../../lib/ledger';
import { useListPage } from '../../lib/useListPage';
import { usePeople } from '../../lib/usePeople';
import { currentUser } from '../../lib/user';
import { endpoints } from '../../paths';
import { schoolLedgerFilters } from './payments';
import { LedgerTable } from './LedgerTable';
import { reverseEntry } from './ReverseDialog';

function Totals({ totals }: { totals: LedgerTotals }) {
  return (
    <dl className="ledger-totals" aria-label="Итоги за выбранный период">
      {totalsLines(totals).map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `author`: the history's column of who recorded each entry and when. */
export function SchoolLedger({ author = false }: { author?: boolean }) {
  const { user } = useSnapshot(currentUser);
  const view = useListPage(schoolLedgerFilters, endpoints.payments);
  const { filters, update, list } = view;
  const totals = (list.page?.meta as { totals?: LedgerTotals } | undefined)?.totals;
  const manager = Boolean(user?.roles.includes('manager'));
  // The student of an address's filter, by name once loaded.
  const { people } = usePeople(filters.student ? [filters.student] : []);
  const chosen = filters.student ? (people.find((person) => person.id === filters.student) ?? { id: filters.student }) : null;
  const query = schoolLedgerFilters.query({ ...filters, page: 1 });
  delete query.page;
  delete query.per_page;
  const reverse = async (entry: LedgerEntry) => {
    if (await reverseEntry(entry)) list.reload();
  };
  return (
    <>
      <search className="filters ledger-filters">
        <label>
          С
          <DayField value={filters.from} onChange={(from) => update({ from })} label="С даты" />
        </label>
        <label>
          По
          <DayField value={filters.to} onChange={(to) => update({ to })} label="По дату" />
        </label>
        <label>
          Вид
          <select value={filters.kind} onChange={(event) => update({ kind: event.target.value as typeof filters.kind })}>
            <option value="">Все</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_NAMES[kind]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Способ
          <select value={filters.method} onChange={(event) => update({ method: event.target.value as typeof filters.method })}>
            <option value="">Все</option>
            {METHODS.map((method) => (
              <option key={method} value={method}>
                {METHOD_NAMES[method]}
              </option>
            ))}
          </select>
        </label>
        <div className="ledger-student">
          <span>Ученик</span>
          <PersonField label="Ученик" role="student" person={chosen} onChange={(person) => update({ student: person?.id ?? null })} />
        </div>
      </search>
      {totals && <Totals totals={totals} />}
      <p>
        <a className="tap-link" href={apiUrl(endpoints.paymentsExport, query)} download>
          Скачать CSV (Excel)
        </a>
      </p>
      <ListResults view={view} what="записи" empty={<p>Записей пока нет. Здесь появятся оплаты, списания за занятия и абонементы.</p>}>
        {(rows, busy) => <LedgerTable rows={rows} busy={busy} student author={author} onReverse={manager ? (entry) => void reverse(entry) : undefined} />}
      </ListResults>
    </>
  );
}
