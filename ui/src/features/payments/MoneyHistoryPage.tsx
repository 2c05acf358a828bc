//! /history/payments (manager): every money event of the school, reversals included, with who
//! recorded it and when; filtered as the ledger is.
import { SchoolLedger } from './SchoolLedger';
import './payments.css';

export default function MoneyHistoryPage() {
  return (
    <>
      <h1>История оплат</h1>
      <SchoolLedger author />
    </>
  );
}
