import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { authFailureToast, REFUSED_DESCRIPTION } from './failure';

const refused = (status: number, body: ApiError['body']) => new ApiError(status, body, 'POST', '/login');

describe('sign-in messages (spec §5)', () => {
  it('422 naming the email field: Введите корректный email', () => {
    const error = refused(422, { message: 'Неверный адрес', errors: { email: ['Неверный адрес'] } });
    expect(authFailureToast('login', error)).toEqual({ color: 'warning', title: 'Введите корректный email' });
  });

  it('422 naming other fields only: Заполните все обязательные поля', () => {
    const error = refused(422, { message: 'Введите пароль', errors: { password: ['Введите пароль'] } });
    expect(authFailureToast('login', error)).toEqual({ color: 'warning', title: 'Заполните все обязательные поля' });
    expect(authFailureToast('login', refused(422, { message: 'invalid' }))?.title).toBe('Заполните все обязательные поля');
  });

  it.each([
    [401, 'Неверный email или пароль'],
    [429, 'Слишком много попыток входа. Повторите через 42 с.'],
    [419, 'CSRF token mismatch.'],
  ])('%i: the server message with the spec description', (status, message) => {
    expect(authFailureToast('login', refused(status, { message }))).toEqual({ color: 'error', title: message, description: REFUSED_DESCRIPTION });
  });

  it('the description is the spec text word for word', () => {
    expect(REFUSED_DESCRIPTION).toBe('Введены некорректные данные для входа или пользователь не найден в системе!');
  });

  it('forgot and reset show any refusal, 422 too, as the server message with the description', () => {
    const invalid = refused(422, { message: 'Ссылка для сброса пароля недействительна или устарела', errors: { token: ['…'] } });
    expect(authFailureToast('reset', invalid)).toEqual({
      color: 'error',
      title: 'Ссылка для сброса пароля недействительна или устарела',
      description: REFUSED_DESCRIPTION,
    });
    expect(authFailureToast('forgot', refused(429, { message: 'Слишком много запросов' }))?.title).toBe('Слишком много запросов');
  });

  it('leaves 5xx and an unreachable server to the catalogue', () => {
    expect(authFailureToast('login', refused(500, { message: 'Server Error' }))).toBeNull();
    expect(authFailureToast('forgot', refused(0, { message: 'TypeError: Failed to fetch' }))).toBeNull();
  });
});
