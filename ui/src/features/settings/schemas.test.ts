import { describe, expect, it } from 'vitest';
import { validate, type z } from '../../lib/forms';
import { changePasswordSchema, confirmPasswordSchema } from './schemas';

const check = (schema: z.ZodType, values: unknown) => {
  const result = validate(schema, values);
  return result.ok ? {} : result.errors;
};

describe('password change form', () => {
  it('requires the current password besides the new one twice', () => {
    expect(check(changePasswordSchema, { current_password: '', password: 'secret-42', password_confirmation: 'secret-42' })).toEqual({
      current_password: 'Обязательное поле',
    });
  });

  it('checks the new password as the reset form does', () => {
    expect(check(changePasswordSchema, { current_password: 'old', password: 'short', password_confirmation: 'short' })).toEqual({
      password: 'Пароль должен быть не короче 8 символов',
    });
    expect(check(changePasswordSchema, { current_password: 'old', password: 'secret-42', password_confirmation: 'secret-43' })).toEqual({
      password_confirmation: 'Пароли не совпадают',
    });
  });

  it('signing out elsewhere asks for the password', () => {
    expect(check(confirmPasswordSchema, { password: '' })).toEqual({ password: 'Обязательное поле' });
    expect(check(confirmPasswordSchema, { password: 'x' })).toEqual({});
  });
});
