import { describe, expect, it } from 'vitest';
import { validate, type z } from '../../lib/forms';
import { forgotSchema, loginSchema, resetSchema } from './schemas';

const check = (schema: z.ZodType, values: unknown) => {
  const result = validate(schema, values);
  return result.ok ? {} : result.errors;
};

describe('sign-in form', () => {
  it('requires the e-mail and the password', () => {
    expect(check(loginSchema, { email: '', password: '', remember: false })).toEqual({
      email: 'Обязательное поле',
      password: 'Обязательное поле',
    });
    expect(check(loginSchema, { email: '   ', password: 'x', remember: false })).toEqual({ email: 'Обязательное поле' });
  });

  it('checks the e-mail (spec §5 text)', () => {
    expect(check(loginSchema, { email: 'director', password: 'x', remember: false })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('passes a good form, the e-mail trimmed, any password length', () => {
    const result = validate(loginSchema, { email: ' director@demo.klass ', password: 'x', remember: true });
    expect(result).toEqual({ ok: true, data: { email: 'director@demo.klass', password: 'x', remember: true } });
  });
});

describe('forgot-password form', () => {
  it('needs a valid e-mail', () => {
    expect(check(forgotSchema, { email: '' })).toEqual({ email: 'Обязательное поле' });
    expect(check(forgotSchema, { email: 'a@' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(check(forgotSchema, { email: 'a@b.ru' })).toEqual({});
  });
});

describe('reset-password form', () => {
  const form = (password: string, password_confirmation = password) => check(resetSchema, { password, password_confirmation });

  it('requires both fields', () => {
    expect(form('', '')).toEqual({ password: 'Обязательное поле', password_confirmation: 'Обязательное поле' });
  });

  it('bounds the length as the server does: 8 to 128 characters', () => {
    expect(form('1234567')).toEqual({ password: 'Пароль должен быть не короче 8 символов' });
    expect(form('12345678')).toEqual({});
    expect(form('x'.repeat(128))).toEqual({});
    expect(form('x'.repeat(129))).toEqual({ password: 'Пароль должен быть не длиннее 128 символов' });
  });

  it('wants the confirmation to repeat the password', () => {
    expect(form('новый-пароль', 'новый-парол')).toEqual({ password_confirmation: 'Пароли не совпадают' });
  });
});
