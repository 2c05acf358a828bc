import { describe, expect, it } from 'vitest';
import type { Values } from '../../lib/filters';
import { validate } from '../../lib/forms';
import { cardMoney, chargeSchema, paymentSchema, reverseSchema, schoolLedgerFilters, tabOf } from './payments';

type LedgerFilters = Values<typeof schoolLedgerFilters.fields>;
const { read, write, query, narrowed } = schoolLedgerFilters;
const defaults: LedgerFilters = { from: '', to: '', kind: '', method: '', student: null, page: 1, perPage: 20 };

describe('the school ledger filters in the address', () => {
  it('reads the days, kind, method and student, dropping nonsense, and turns a backward period round', () => {
    expect(read(new URLSearchParams('from=2026-11-30&to=2026-11-01&kind=payment&method=card&student=7&page=2'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      kind: 'payment',
      method: 'card',
      student: 7,
      page: 2,
      perPage: 20,
    });
    expect(read(new URLSearchParams('from=2026-02-30&kind=gift&method=cheque&student=x'))).toEqual(defaults);
  });

  it('writes only what differs from the defaults and asks the API by its names', () => {
    expect(write(defaults).toString()).toBe('');
    const filters: LedgerFilters = { ...defaults, from: '2026-11-01', method: 'cash', student: 3 };
    expect(read(write(filters))).toEqual(filters);
    expect(query(filters)).toMatchObject({ from: '2026-11-01', method: 'cash', student_id: 3 });
    expect(narrowed(defaults)).toBe(false);
    expect(narrowed(filters)).toBe(true);
  });

  it('opens the debtors only when asked', () => {
    expect(tabOf(new URLSearchParams('tab=debtors'))).toBe('debtors');
    expect(tabOf(new URLSearchParams('tab=x'))).toBe('ledger');
  });
});

describe('the payment and reversal forms', () => {
  it('sends kopecks and the method', () => {
    expect(validate(paymentSchema, { amount: '1 500,5', method: 'transfer', date: '24.11.2026', note: ' ' })).toEqual({
      ok: true,
      data: { amount: 150050, method: 'transfer', date: '2026-11-24', note: '' },
    });
  });

  it('reads a charge by hand: an amount and what for, lessons and packages not among the choices', () => {
    expect(validate(chargeSchema, { amount: '350', reason: 'other', date: '', note: ' Учебники ' })).toEqual({
      ok: true,
      data: { amount: 35000, reason: 'other', date: '', note: 'Учебники' },
    });
    expect(validate(chargeSchema, { amount: '0', reason: 'lesson', date: '', note: '' }).ok).toBe(false);
  });

  it('wants a reason for a reversal', () => {
    expect(validate(reverseSchema, { reason: '  ' })).toEqual({ ok: false, errors: { reason: 'Укажите причину сторнирования' } });
  });
});

describe('a person’s «Оплаты» tab', () => {
  type Roles = ('student' | 'parent' | 'worker' | 'manager')[];
  const card = (roles: Roles, more: { children_ids?: number[]; deleted_at?: string | null } = {}) => ({
    roles,
    children_ids: [],
    deleted_at: null,
    ...more,
  });

  it('shows a student his own money, with a manager’s buttons unless he is deleted', () => {
    expect(cardMoney(card(['student']), true)).toEqual({ show: 'own', manager: true });
    expect(cardMoney(card(['student']), false)).toEqual({ show: 'own', manager: false });
    expect(cardMoney(card(['student'], { deleted_at: '2026-11-20T10:00:00+03:00' }), true)).toEqual({ show: 'own', manager: false });
  });

  it('shows a parent his children’s money and anyone else a note, never a payment form that cannot be saved', () => {
    expect(cardMoney(card(['parent'], { children_ids: [7, 8] }), true)).toEqual({ show: 'children', ids: [7, 8] });
    expect(cardMoney(card(['parent']), true)).toEqual({ show: 'none' });
    expect(cardMoney(card(['worker']), true)).toEqual({ show: 'none' });
  });
});
