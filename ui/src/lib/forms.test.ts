import { describe, expect, it } from 'vitest';
import { birthDate, ruBirthDate, ruDateFromIso, strayMessages, validate, z } from './forms';

const errors = (schema: z.ZodType, value: unknown) => {
  const result = validate(z.object({ field: schema }), { field: value });
  return result.ok ? null : result.errors.field;
};

describe('form messages', () => {
  it('required string or number: Обязательное поле', () => {
    expect(errors(z.string(), undefined)).toBe('Обязательное поле');
    expect(errors(z.number(), undefined)).toBe('Обязательное поле');
  });

  it('too-short string: Обязательное поле', () => {
    expect(errors(z.string().min(1), '')).toBe('Обязательное поле');
    expect(errors(z.string().min(3), 'ab')).toBe('Обязательное поле');
  });

  it('other required types: Обязательно для заполнения', () => {
    expect(errors(z.boolean(), undefined)).toBe('Обязательно для заполнения');
    expect(errors(z.array(z.string()), undefined)).toBe('Обязательно для заполнения');
    expect(errors(z.date(), null)).toBe('Обязательно для заполнения');
    expect(errors(z.array(z.string()).min(1), [])).toBe('Обязательно для заполнения');
  });

  it('number below minimum', () => {
    expect(errors(z.number().min(5), 2)).toBe('Number must be at least 5.');
  });

  it('email and URL', () => {
    expect(errors(z.email(), 'nope')).toBe('Please enter a valid email address.');
    expect(errors(z.string().email(), 'nope')).toBe('Please enter a valid email address.');
    expect(errors(z.url(), 'nope')).toBe('Please enter a valid URL.');
  });

  it('minimum age', () => {
    const today = new Date(2026, 10, 22);
    expect(errors(birthDate(18, today), '2010-01-01')).toBe('You must be at least 18 years old.');
    expect(errors(birthDate(18, today), '2008-11-22')).toBeNull();
  });

  it('a birth date typed as ДД.ММ.ГГГГ goes on as YYYY-MM-DD, and back', () => {
    const today = new Date(2026, 10, 22);
    const parsed = (text: string) => ruBirthDate(today).safeParse(text).data;
    expect(parsed('5.3.2012')).toBe('2012-03-05');
    expect(parsed(' 05.03.2012 ')).toBe('2012-03-05');
    expect(parsed('2012-03-05')).toBe('2012-03-05');
    expect(parsed('')).toBe('');
    expect(errors(ruBirthDate(today), '31.02.2010')).toBe('Введите дату в формате ДД.ММ.ГГГГ');
    expect(errors(ruBirthDate(today), '03/05/2012')).toBe('Введите дату в формате ДД.ММ.ГГГГ');
    expect(errors(ruBirthDate(today), '23.11.2026')).toBe('Дата рождения вне допустимого диапазона');
    expect(errors(ruBirthDate(today), '01.01.1899')).toBe('Дата рождения вне допустимого диапазона');
    expect(ruDateFromIso('2012-03-05')).toBe('05.03.2012');
    expect(ruDateFromIso('')).toBe('');
  });

  it('everything else keeps the default English message', () => {
    expect(errors(z.string().max(2), 'abc')).toMatch(/^Too big/);
    expect(errors(z.number(), 'abc')).toMatch(/^Invalid input: expected number/);
  });

  it('keys errors by field path and passes valid data through', () => {
    const schema = z.object({ name: z.string().min(1), address: z.object({ city: z.string() }) });
    expect(validate(schema, { name: '', address: {} })).toEqual({
      ok: false,
      errors: { name: 'Обязательное поле', 'address.city': 'Обязательное поле' },
    });
    expect(validate(schema, { name: 'Ира', address: { city: 'Тверь' } })).toEqual({ ok: true, data: { name: 'Ира', address: { city: 'Тверь' } } });
  });
});

describe('server messages without a field', () => {
  it('are kept for the form as a whole; a field\'s own message stays at the field', () => {
    const errors = { email: 'Этот email уже используется', id: 'Пользователь удалён' };
    expect(strayMessages(errors, { email: '', last_name: '' })).toEqual(['Пользователь удалён']);
    expect(strayMessages({ email: 'x' }, { email: '' })).toEqual([]);
  });
});
