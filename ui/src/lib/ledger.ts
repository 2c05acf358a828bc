//! The money of a student as every page shows it: the Russian names of the ledger's kinds,
//! methods, reasons and package statuses, a signed amount «+1 500,00 ₽», the school ledger's
//! totals in words, and one student's balance with his packages (`useStudentMoney`).
import { useEffect, useState } from 'react';
import type { Ok, Row, Schema } from '../api/types';
import { api } from './api/client';
import { formatDate, formatMoney } from './format';
import { today } from './timetable';
import { userUrl } from './useCard';

export type LedgerEntry = Row<'payments_list'>;
export type LedgerKind = LedgerEntry['kind'];
export type PaymentMethod = NonNullable<LedgerEntry['method']>;
export type ChargeReason = NonNullable<LedgerEntry['reason']>;
export type MoneyPackage = Schema<'PackageView'>;
export type PackageStatus = MoneyPackage['status'];
export type LedgerTotals = Schema<'LedgerTotals'>;

export const KINDS: readonly LedgerKind[] = ['payment', 'charge', 'reversal', 'refund'];
export const KIND_NAMES: Record<LedgerKind, string> = { payment: 'Оплата', charge: 'Списание', reversal: 'Сторно', refund: 'Возврат' };
export const METHODS: readonly PaymentMethod[] = ['cash', 'card', 'transfer'];
export const METHOD_NAMES: Record<PaymentMethod, string> = { cash: 'Наличные', card: 'Карта', transfer: 'Перевод' };
export const REASON_NAMES: Record<ChargeReason, string> = { lesson: 'Занятие', package: 'Абонемент', course: 'Курс', other: 'Прочее' };
export const PACKAGE_STATUS_NAMES: Record<PackageStatus, string> = {
  active: 'Действует',
  frozen: 'Заморожен',
  expired: 'Истёк',
  used_up: 'Использован',
  cancelled: 'Аннулирован',
  refunded: 'Остаток возвращён',
};

/**
 * A package's state in words: an active one whose first day is still ahead says when it starts
 * («Действует с 01.12.2026»), as it covers no lesson before then.
 */
export function packageStatusText(item: Pick<MoneyPackage, 'status' | 'valid_from'>, day: string = today()): string {
  if (item.status === 'active' && item.valid_from > day) return `Действует с ${formatDate(item.valid_from)}`;
  return PACKAGE_STATUS_NAMES[item.status];
}

/** An effect on a balance with its sign, a minus as a balance writes it: «+1 500,00 ₽», «-700,00 ₽», «0,00 ₽». */
export const signedMoney = (kopecks: number): string => (kopecks > 0 ? `+${formatMoney(kopecks)}` : formatMoney(kopecks));

/** How a balance reads: a debt, money ahead, or settled (for its colour and its words). */
export function balanceTone(kopecks: number): 'debt' | 'credit' | 'zero' {
  return kopecks < 0 ? 'debt' : kopecks > 0 ? 'credit' : 'zero';
}

/** «Долг 1 500,00 ₽», «Аванс 700,00 ₽», «Долгов нет». */
export function balanceWords(kopecks: number): string {
  const tone = balanceTone(kopecks);
  if (tone === 'debt') return `Долг ${formatMoney(-kopecks)}`;
  if (tone === 'credit') return `Аванс ${formatMoney(kopecks)}`;
  return 'Долгов нет';
}

/** The school ledger's totals as the page lists them, in order. */
export function totalsLines(totals: LedgerTotals): { label: string; value: string }[] {
  return [
    { label: 'Получено', value: formatMoney(totals.received) },
    ...METHODS.map((method) => ({ label: METHOD_NAMES[method], value: formatMoney(totals.by_method[method]) })),
    { label: 'Начислено', value: formatMoney(totals.charged) },
    { label: 'Сторно', value: formatMoney(totals.by_kind.reversal) },
    { label: 'Возвраты', value: formatMoney(totals.by_kind.refund) },
    { label: 'Записей', value: String(totals.count) },
  ];
}

/** What reversing `entry` does to its package, as the «Сторно» dialog says it ('' when nothing):
 *  a sale's reversal cancels the package, a return's reopens it, a lesson's credit leaves the lesson in it. */
export function reversalEffect(entry: Pick<LedgerEntry, 'kind' | 'reason' | 'package_id' | 'lesson_id'>): string {
  if (entry.reason !== 'package' || entry.package_id == null) return '';
  if (entry.kind === 'charge') return 'Абонемент будет аннулирован: он больше не покроет ни одного занятия.';
  if (entry.kind !== 'refund') return '';
  return entry.lesson_id == null
    ? 'Абонемент снова начнёт действовать: он опять покроет оставшиеся занятия.'
    : 'Занятие останется в абонементе, но уже без возврата денег.';
}

/** «Математика, 8 занятий», «Любые занятия» — what a package covers. */
export function packageTitle(item: Pick<MoneyPackage, 'subject_name' | 'course_name'>): string {
  return item.course_name ?? item.subject_name ?? 'Любые занятия';
}

export const studentPaymentsUrl = (id: number) => userUrl(id, 'payments');

export interface StudentMoney {
  balance: number;
  packages: MoneyPackage[];
  /** How many ledger entries he has in all. */
  entries: number;
}

/** Whether the school keeps no money for a student at all: nothing on his balance, no package,
 *  no ledger entry (a school that takes no payments through the portal). */
export const keepsNoMoney = (money: StudentMoney) => money.balance === 0 && money.packages.length === 0 && money.entries === 0;

/** One student's balance and packages (`GET /api/users/{id}/payments`), null until they come;
 *  `reload` asks again (after a payment). No id, no call. */
export function useStudentMoney(id: number | null) {
  const [money, setMoney] = useState<StudentMoney | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setMoney(null);
    if (id === null) return;
    const controller = new AbortController();
    api<Ok<'users_payments'>>(studentPaymentsUrl(id), { query: { per_page: 1 }, signal: controller.signal, silent: true }).then(
      (body) => setMoney({ balance: body.balance, packages: body.packages, entries: body.meta.total }),
      () => undefined,
    );
    return () => controller.abort();
  }, [id, round]);
  return { money, reload: () => setRound((n) => n + 1) };
}
