import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDuration, formatTime, formatMoney, formatPhone, formatSize, fullName, sameDay, shortName } from './format';

const NBSP = '\u00a0';

describe('format', () => {
  it('writes dates and times as people in Russia read them', () => {
    expect(formatDate('2026-11-23')).toBe('23.11.2026');
    expect(formatDate('2026-01-05T08:00:00')).toBe('05.01.2026');
    expect(formatDateTime('2026-11-23T14:05:00')).toBe('23.11.2026 14:05');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 7))).toBe('02.01.2026 09:07');
    expect(formatDate('не дата')).toBe('не дата');
    expect(sameDay('2026-11-22T10:00:00', '2026-11-22T23:59:00')).toBe(true);
    expect(sameDay('2026-11-22T23:59:00', '2026-11-23T00:05:00')).toBe(false);
  });

  it('shows an instant with an offset on that clock (a lesson in the school zone), whatever the browser zone', () => {
    expect(formatDateTime('2026-11-23T16:00:00+03:00')).toBe('23.11.2026 16:00');
    expect(formatTime('2027-03-28T16:00:00+02:00')).toBe('16:00');
    expect(formatDate('2026-12-31T23:30:00-05:00')).toBe('31.12.2026');
  });

  it('writes kopecks as roubles with a no-break space between thousands, as Intl ru-RU does', () => {
    expect(formatMoney(123450)).toBe(`1${NBSP}234,50${NBSP}₽`);
    expect(formatMoney(0)).toBe(`0,00${NBSP}₽`);
    expect(formatCount(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatMoney(5)).toBe(`0,05${NBSP}₽`);
    expect(formatMoney(100000000)).toBe(`1${NBSP}000${NBSP}000,00${NBSP}₽`);
    expect(formatMoney(-9900)).toMatch(/^-99,00\u00a0₽$/);
    expect(formatMoney(123450)).toBe(new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }).format(1234.5));
  });

  it('writes durations in hours and minutes', () => {
    expect(formatDuration(90)).toBe('1 ч 30 мин');
    expect(formatDuration(45)).toBe('45 мин');
    expect(formatDuration(120)).toBe('2 ч');
    expect(formatDuration(0)).toBe('0 мин');
  });

  it('writes sizes and phones', () => {
    expect(formatSize(512)).toBe('512 Б');
    expect(formatSize(12 * 1024)).toBe('12 КБ');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1,5 МБ');
    expect(formatPhone('+79123456789')).toBe('+7 912 345-67-89');
    expect(formatPhone('+4930123456')).toBe('+4930123456');
  });

  it('writes full and short names', () => {
    const maria = { last_name: 'Соколова', first_name: 'Мария', middle_name: 'Олеговна' };
    expect(fullName(maria)).toBe('Соколова Мария Олеговна');
    expect(fullName({ ...maria, middle_name: null })).toBe('Соколова Мария');
    expect(shortName(maria)).toBe('Соколова М. О.');
    expect(shortName('Орлова Наталья Игоревна')).toBe('Орлова Н. И.');
    expect(shortName('  Иванов  артём ')).toBe('Иванов А.');
    expect(shortName('admin')).toBe('admin');
  });
});
