//! What the error page shows (spec §2): a status (default 500), a status message ('Page Not
//! Found' for 404, 'Internal Server Error' otherwise, unless given) and a message.
import { data, isRouteErrorResponse } from 'react-router';

export interface PageError {
  status: number;
  statusMessage: string;
  message: string;
}

interface ErrorData {
  statusMessage?: string;
  message?: string;
}

export function defaultStatusMessage(status: number): string {
  return status === 404 ? 'Page Not Found' : 'Internal Server Error';
}

/** Turns whatever was thrown (a route response, an Error, anything) into what the page shows. */
export function toPageError(error: unknown): PageError {
  let status = 500;
  let given: ErrorData = {};
  if (isRouteErrorResponse(error)) {
    status = error.status;
    given = typeof error.data === 'object' && error.data ? (error.data as ErrorData) : { message: String(error.data ?? '') };
  } else if (error instanceof Error) {
    given = { message: error.message };
  } else if (typeof error === 'string') {
    given = { message: error };
  }
  const statusMessage = given.statusMessage || defaultStatusMessage(status);
  return { status, statusMessage, message: given.message || statusMessage };
}

/** The error an unmatched path raises. */
export function notFound(path: string) {
  return data<ErrorData>({ message: `Page not found: ${path}` }, { status: 404 });
}

/** The error a signed-in user without the right role raises. */
export function forbidden() {
  return data<ErrorData>(
    { statusMessage: 'Forbidden', message: 'Недостаточно прав для просмотра этой страницы' },
    { status: 403 },
  );
}

/** The error page's heading and advice for a status: no reload advice where a reload cannot help. */
export function errorAdvice(status: number): { heading: string; advice: string } {
  if (status === 404) return { heading: 'Страница не найдена', advice: 'Проверьте адрес или перейдите на главную страницу.' };
  if (status === 403) {
    return {
      heading: 'Нет доступа',
      advice: 'У Вас нет прав на эту страницу. Если она нужна Вам для работы, обратитесь к менеджеру школы.',
    };
  }
  return { heading: 'Что-то пошло не так', advice: 'Обновите страницу. Если ошибка повторится, сообщите администратору школы.' };
}
