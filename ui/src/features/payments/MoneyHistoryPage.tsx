//! /history/payments (manager): every money event of the school, reversals included, with who
//! recorded it and when; filtered as the ledger is. A package's freeze and change move no money:
//! they are in the activity log, one link away.
import { Link } from 'react-router';
import { paths } from '../../paths';
import { SchoolLedger } from './SchoolLedger';
import './payments.css';

/** The package events with no ledger entry, each a link to the activity log filtered by it. */
const PACKAGE_EVENTS = [
  { action: 'package.frozen', label: 'заморозки' },
  { action: 'package.updated', label: 'изменения' },
] as const;

export default function MoneyHistoryPage() {
  return (
    <>
      <h1>История оплат</h1>
      <p>
        Абонементы в журнале действий:{' '}
        {PACKAGE_EVENTS.map((event, i) => (
          <span key={event.action}>
            {i > 0 && ' · '}
            <Link to={`${paths.history}?action=${event.action}`}>{event.label}</Link>
          </span>
        ))}
      </p>
      <SchoolLedger author />
    </>
  );
}
