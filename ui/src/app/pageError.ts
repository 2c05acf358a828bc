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
