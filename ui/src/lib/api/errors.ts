//! The error catalogue of spec §8: what the user sees for each failed answer (plus 429, which
//! the spec does not list: the server's own message). Every failure is logged to the console.
import type { Schema } from '../../api/types';
import { paths } from '../../paths';
import { navigateTo } from '../navigation';
import { signInFor } from '../returnTo';
import { addToast } from '../toasts';
import { setCurrentUser } from '../user';

/** A failed answer's body as the client holds it: the server's `ErrorBody`, or less when the answer was not one. */
export type ErrorBody = Partial<Schema<'ErrorBody'>>;

/** A failed call; `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly method: string,
    readonly url: string,
  ) {
    super(body.message || `${method} ${url} failed with ${status}`);
    this.name = 'ApiError';
  }

  /** The first server message for each field of a 422 answer. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.body.errors ?? {}).map(([field, texts]) => [field, texts[0] ?? '']));
  }

  /** A 422 refusing an edit made from a record someone has changed since (its message under
   * `errors.version`): no field of the form is wrong, so it is not told as one. */
  get staleEdit(): boolean {
    return this.status === 422 && Boolean(this.body.errors?.version);
  }
}

export const MESSAGES = {
  invalid: { title: 'Перепроверьте все обязательные поля!', description: 'Незаполненные и неправильно заполненные данные не сохранятся' },
  forbidden: { title: 'Нет прав', description: 'Отсутствуют требуемые права для доступа к действию' },
  server: { title: 'Ошибка сервера', description: 'Что-то пошло не так :(' },
  serverPrefix: 'Произошла ошибка. ',
  offline: { title: 'Сервер недоступен', description: 'Проверьте подключение к сети школы и повторите попытку' },
  staleEdit: 'Изменения не сохранены',
  tooMany: { title: 'Слишком много запросов', description: 'Подождите немного и повторите попытку' },
  mailSent: { title: 'Письмо отправлено на почту!', description: 'Следуйте инструкциям, указанным в письме' },
  passwordUpdated: { title: 'Пароль успешно обновлён!', description: 'Теперь Вы можете войти в систему с новым паролем' },
} as const;

const SERVER_ERROR_DURATION = 5000;

export interface FailureContext {
  /** The start-up current-user fetch: 401/419 there just means signed out. */
  probe?: boolean;
  /** A background call (the build check): logged only. */
  silent?: boolean;
  /** Statuses the caller shows its own message for (the sign-in forms, spec §5): logged only. */
  ownFailure?: (status: number) => boolean;
}

/** Logs a failed call and shows or does what spec §8 says for its status. */
export function reportFailure(error: ApiError, { probe = false, silent = false, ownFailure }: FailureContext = {}) {
  console.error(`[api] ${error.method} ${error.url} -> ${error.status || 'no answer'}`, error.body);
  if (silent || ownFailure?.(error.status)) return;
  const { status, body } = error;
  if (status === 401 || status === 419) {
    setCurrentUser(null);
    if (!probe) navigateTo(signInFor(`${window.location.pathname}${window.location.search}`));
  } else if (error.staleEdit) {
    addToast({ color: 'warning', title: MESSAGES.staleEdit, description: body.message });
  } else if (status === 409) {
    navigateTo(paths.verifyEmail);
  } else if (status === 422) {
    addToast({ color: 'warning', ...MESSAGES.invalid });
  } else if (status === 403) {
    addToast({ color: 'error', ...MESSAGES.forbidden });
  } else if (status === 429) {
    addToast({ color: 'warning', title: body.message || MESSAGES.tooMany.title, description: MESSAGES.tooMany.description });
  } else if (status >= 500) {
    if (body.message && body.message !== 'Server Error') {
      const detail = body.error_id ? `Код ошибки: ${body.error_id}` : 'Повторите попытку позже';
      addToast({ color: 'error', title: body.message, description: MESSAGES.serverPrefix + detail, duration: SERVER_ERROR_DURATION });
    } else {
      addToast({ color: 'error', ...MESSAGES.server });
    }
  } else if (status === 0) {
    addToast({ color: 'error', ...MESSAGES.offline });
  }
}
