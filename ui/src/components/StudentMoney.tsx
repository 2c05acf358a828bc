//! A student's money at a glance: the balance in large type (red when a debt) and his packages
//! with the lessons left, their days, status and note; the card's tab, the learner's /payments and the
//! parent's home page show the same.
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../lib/format';
import { balanceTone, balanceWords, packageStatusText, packageTitle, type MoneyPackage } from '../lib/ledger';
import { plural } from '../lib/plural';
import './StudentMoney.css';

export function BalanceFigure({ balance, large = true }: { balance: number; large?: boolean }) {
  return (
    <p className={large ? 'balance-figure large' : 'balance-figure'} data-tone={balanceTone(balance)}>
      <span className="muted">Баланс</span>
      <strong data-testid="balance">{formatMoney(balance)}</strong>
      <span className="balance-words">{balanceWords(balance)}</span>
    </p>
  );
}

/** The packages, newest first; «Абонементов нет» when none. */
export function PackagesList({ packages, actions }: { packages: readonly MoneyPackage[]; actions?: (item: MoneyPackage) => ReactNode }) {
  if (packages.length === 0) return <p className="muted">Абонементов нет.</p>;
  return (
    <ul className="packages-list">
      {packages.map((item) => (
        <li key={item.id} data-status={item.status}>
          <div>
            <strong>{packageTitle(item)}</strong>{' '}
            <span className="badge" data-package-status={item.status}>
              {packageStatusText(item)}
            </span>
          </div>
          <div className="package-left">
            {item.lessons_returned == null ? (
              <>
                Осталось <strong>{item.lessons_left}</strong> из {item.lessons_total}
              </>
            ) : (
              `Возвращено ${plural(item.lessons_returned, ['занятие', 'занятия', 'занятий'])} из ${item.lessons_total}`
            )}
          </div>
          <progress value={item.lessons_used} max={item.lessons_total} aria-label={`Использовано ${item.lessons_used} из ${item.lessons_total}`} />
          <small className="muted">
            {formatDate(item.valid_from)} — {formatDate(item.valid_to)}, {formatMoney(item.price)}
            {item.freezes.map((freeze) => (
              <span key={freeze.from} className="package-freeze">
                {' '}
                Заморожен {formatDate(freeze.from)} — {formatDate(freeze.to)}: {freeze.reason}
              </span>
            ))}
          </small>
          {item.note && <small className="package-note">{item.note}</small>}
          {actions?.(item)}
        </li>
      ))}
    </ul>
  );
}
