import { describe, expect, it } from 'vitest';
import { balanceTone, balanceWords, packageStatusText, packageTitle, reversalEffect, signedMoney, totalsLines } from './ledger';

// The formatter writes a narrow no-break space between thousands and before «₽».
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money on the ledger pages', () => {
  it('says when an active package sold ahead starts, and names any other state as it is', () => {
    expect(packageStatusText({ status: 'active', valid_from: '2026-12-01' }, '2026-11-23')).toBe('Действует с 01.12.2026');
    expect(packageStatusText({ status: 'active', valid_from: '2026-11-23' }, '2026-11-23')).toBe('Действует');
    expect(packageStatusText({ status: 'frozen', valid_from: '2026-12-01' }, '2026-11-23')).toBe('Заморожен');
  });

  it('signs an effect on the balance', () => {
    expect(plain(signedMoney(150000))).toBe('+1 500,00 ₽');
    expect(plain(signedMoney(-70050))).toBe('-700,50 ₽');
    expect(plain(signedMoney(0))).toBe('0,00 ₽');
  });

  it('says what a balance means', () => {
    expect(balanceTone(-1)).toBe('debt');
    expect(plain(balanceWords(-123450))).toBe('Долг 1 234,50 ₽');
    expect(plain(balanceWords(5000))).toBe('Аванс 50,00 ₽');
    expect(balanceWords(0)).toBe('Долгов нет');
  });

  it('lists the totals of a range: received, by method, charged, reversed, refunded, count', () => {
    const lines = totalsLines({
      received: 300000,
      charged: 120000,
      by_method: { cash: 100000, card: 150000, transfer: 50000 },
      by_kind: { payment: 320000, charge: 120000, reversal: 20000, refund: 40000 },
      count: 7,
    });
    expect(lines.map((line) => `${line.label}: ${plain(line.value)}`)).toEqual([
      'Получено: 3 000,00 ₽',
      'Наличные: 1 000,00 ₽',
      'Карта: 1 500,00 ₽',
      'Перевод: 500,00 ₽',
      'Начислено: 1 200,00 ₽',
      'Сторно: 200,00 ₽',
      'Возвраты: 400,00 ₽',
      'Записей: 7',
    ]);
  });

  it('says what a reversal does to the package of the entry', () => {
    const entry = { reason: 'package', package_id: 7, lesson_id: null } as const;
    expect(reversalEffect({ ...entry, kind: 'charge' })).toMatch(/^Абонемент будет аннулирован/);
    expect(reversalEffect({ ...entry, kind: 'refund' })).toMatch(/^Абонемент снова начнёт действовать/);
    expect(reversalEffect({ ...entry, kind: 'refund', lesson_id: 3 })).toMatch(/^Занятие останется в абонементе/);
    expect(reversalEffect({ kind: 'refund', reason: null, package_id: null, lesson_id: null })).toBe('');
  });

  it('names what a package covers', () => {
    expect(packageTitle({ subject_name: 'Математика', course_name: null })).toBe('Математика');
    expect(packageTitle({ subject_name: null, course_name: 'Робототехника' })).toBe('Робототехника');
    expect(packageTitle({ subject_name: null, course_name: null })).toBe('Любые занятия');
  });
});
