//! Multipart upload with progress: XMLHttpRequest (fetch cannot report upload progress), with
//! the same credentials, anti-forgery header and error catalogue as the client.
import { ApiError, reportFailure, type ErrorBody, type FailureContext } from './errors';
import { apiUrl, csrfToken, XSRF_HEADER } from './request';

export interface UploadOptions extends FailureContext {
  /** Called with the share sent so far, 0..1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** POSTs `fields` as multipart/form-data; resolves with the JSON answer, rejects with an ApiError already reported. */
export async function upload<T>(path: string, fields: Record<string, Blob | string>, options: UploadOptions = {}): Promise<T> {
  const url = apiUrl(path);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const token = await csrfToken('POST');
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const fail = (status: number, body: ErrorBody) => {
      const error = new ApiError(status, body, 'POST', url);
      reportFailure(error, options);
      reject(error);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else fail(xhr.status, (body ?? {}) as ErrorBody);
    };
    xhr.onerror = () => fail(0, { message: 'network error' });
    xhr.onabort = () => reject(new DOMException('Загрузка отменена', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
