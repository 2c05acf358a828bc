//! /payments/{id}/receipt: the printable receipt of one payment (the school's name, the student, the
//! amount in figures, the method, the day, who took it, and the balance now); «Печать» opens the
//! browser's print, where only the receipt is printed.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useParams } from 'react-router';
import type { Ok } from '../../api/types';
import { api, ApiError } from '../../lib/api/client';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { METHOD_NAMES } from '../../lib/ledger';
import { to } from '../../lib/person';
import { currentUser } from '../../lib/user';
import { endpoints, paths } from '../../paths';
import './receipt.css';

type Receipt = Ok<'payments_show'>;

export default function ReceiptPage() {
  const id = Number(useParams().id);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  const { user } = useSnapshot(currentUser);
  useEffect(() => {
    const controller = new AbortController();
    api<Receipt>(`${endpoints.payments}/${id}`, { signal: controller.signal, silent: true }).then(setReceipt, (error: unknown) => {
      if (!controller.signal.aborted) setFailed(error instanceof ApiError ? error.status : 0);
    });
    return () => controller.abort();
  }, [id]);
  if (failed !== null)
    return (
      <main className="receipt-page">
        <p>{failed === 404 ? 'Такой записи нет.' : failed === 403 ? 'У Вас нет доступа к этой записи.' : 'Не удалось загрузить квитанцию.'}</p>
        <Link to={paths.payments}>К оплатам</Link>
      </main>
    );
  if (!receipt) return <p aria-busy="true">Загружаем квитанцию…</p>;
  const entry = receipt.data;
  return (
    <main className="receipt-page">
      <nav className="receipt-tools">
        <Link to={to(paths.userPayments, entry.student_id)}>← Оплаты ученика</Link>
        <button type="button" onClick={() => window.print()}>
          Печать
        </button>
      </nav>
      <article className="receipt">
        {user && <p className="receipt-school">{user.school_name}</p>}
        <h1>Квитанция №&nbsp;{entry.id}</h1>
        <p className="muted">от {formatDate(entry.date)}</p>
        {entry.kind !== 'payment' && <p className="receipt-warning">Это не оплата: {entry.title}</p>}
        {entry.reversed_by != null && <p className="receipt-warning">Оплата сторнирована.</p>}
        <dl>
          <dt>Ученик</dt>
          <dd>{entry.student_name}</dd>
          <dt>Назначение</dt>
          <dd>{entry.title}</dd>
          <dt>Сумма</dt>
          <dd className="receipt-amount">{formatMoney(entry.amount)}</dd>
          {entry.method && (
            <>
              <dt>Способ оплаты</dt>
              <dd>{METHOD_NAMES[entry.method]}</dd>
            </>
          )}
          {entry.note && (
            <>
              <dt>Примечание</dt>
              <dd>{entry.note}</dd>
            </>
          )}
          <dt>Принял</dt>
          <dd>{entry.created_by_name ?? '—'}</dd>
          <dt>Записано</dt>
          <dd>{formatDateTime(entry.created_at)}</dd>
          <dt>Баланс после всех операций</dt>
          <dd>{formatMoney(receipt.balance)}</dd>
        </dl>
        <p className="receipt-sign">Подпись ____________________</p>
      </article>
    </main>
  );
}
