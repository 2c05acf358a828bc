import { describe, expect, it } from 'vitest';
import { validate } from './forms';
import { amountField, MAX_AMOUNT, parseRoubles, priceField, roublesField } from './money';

describe('prices in roubles', () => {
  it('reads roubles with kopecks the ways people type them', () => {
    expect(parseRoubles('1 234,50')).toBe(123450);
    expect(parseRoubles('1\u00a0234,50\u00a0₽')).toBe(123450);
    expect(parseRoubles('1500 ₽')).toBe(150000);
    expect(parseRoubles('1234.5')).toBe(123450);
    expect(parseRoubles('0,5')).toBe(50);
    expect(parseRoubles('  ')).toBeNull();
  });

  it('refuses what is not an amount', () => {
    expect(parseRoubles('-5')).toBeUndefined();
    expect(parseRoubles('12,345')).toBeUndefined();
    expect(parseRoubles('сто')).toBeUndefined();
  });

  it('writes kopecks back for editing so that they read again the same', () => {
    expect(roublesField(123450)).toBe('1234,50');
    expect(roublesField(150000)).toBe('1500');
    expect(roublesField(null)).toBe('');
    expect(parseRoubles(roublesField(123405))).toBe(123405);
  });

  it('is a form field: kopecks or null, or the message', () => {
    expect(validate(priceField, '1 234,50')).toEqual({ ok: true, data: 123450 });
    expect(validate(priceField, '')).toEqual({ ok: true, data: null });
    expect(validate(priceField, 'сто')).toEqual({ ok: false, errors: { '': 'Введите цену в рублях, например 1 500 или 1 500,50' } });
  });
});

describe('amounts of a payment', () => {
  it('reads roubles with a comma or a point into kopecks', () => {
    expect(validate(amountField, '1 234,50')).toEqual({ ok: true, data: 123450 });
    expect(validate(amountField, '1500.5 ₽')).toEqual({ ok: true, data: 150050 });
    expect(validate(amountField, '10 000 000')).toEqual({ ok: true, data: MAX_AMOUNT });
  });

  it('refuses an empty, zero, malformed or too large amount with a Russian message', () => {
    expect(validate(amountField, ' ')).toEqual({ ok: false, errors: { '': 'Введите сумму' } });
    expect(validate(amountField, '0,00')).toEqual({ ok: false, errors: { '': 'Сумма должна быть больше нуля' } });
    expect(validate(amountField, '12,345')).toEqual({ ok: false, errors: { '': 'Введите сумму в рублях, например 1 500 или 1 500,50' } });
    expect(validate(amountField, '10 000 000,01')).toEqual({ ok: false, errors: { '': 'Не больше 10 000 000 ₽ за одну запись' } });
  });
});
