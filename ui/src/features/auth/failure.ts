//! What the signed-out forms show when the server says no (spec §5): on sign-in a 422 names the
//! problem; any other refusal shows the server's message with the spec's description.
import type { ApiError } from '../../lib/api/client';
import { addToast, type ToastInput } from '../../lib/toasts';

export const REFUSED_DESCRIPTION = 'Введены некорректные данные для входа или пользователь не найден в системе!';

export type AuthForm = 'login' | 'forgot' | 'reset';

/** The toast for a refused call; null for 5xx and no answer, which the catalogue has shown. */
export function authFailureToast(form: AuthForm, error: ApiError): ToastInput | null {
  if (error.status < 400 || error.status >= 500) return null;
  if (form === 'login' && error.status === 422) {
    const title = error.body.errors?.email ? 'Введите корректный email' : 'Заполните все обязательные поля';
    return { color: 'warning', title };
  }
  return { color: 'error', title: error.body.message || 'Запрос отклонён', description: REFUSED_DESCRIPTION };
}

/** The `onFailure` of a signed-out form. */
export const showAuthFailure = (form: AuthForm) => (error: ApiError) => {
  const toast = authFailureToast(form, error);
  if (toast) addToast(toast);
};
