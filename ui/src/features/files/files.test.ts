import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { filesUrl, oversized, typeLabel, uploadError } from './files';

describe('file cabinet helpers', () => {
  it('labels the type by extension, else by content type', () => {
    expect(typeLabel({ name: 'Договор №5 — Иванов.pdf', content_type: 'application/pdf' })).toBe('PDF');
    expect(typeLabel({ name: 'README', content_type: 'text/plain' })).toBe('PLAIN');
    expect(typeLabel({ name: 'blob', content_type: 'application/octet-stream' })).toBe('Файл');
  });

  it('builds the URLs of a cabinet', () => {
    expect(filesUrl(7)).toBe('/api/users/7/files');
    expect(filesUrl(7, 3)).toBe('/api/users/7/files/3');
  });

  it('shows the server text for 413 and the field text for 422', () => {
    expect(uploadError(new ApiError(413, { message: 'Файл больше 25 МиБ' }, 'POST', '/x'))).toBe('Файл больше 25 МиБ');
    expect(uploadError(new ApiError(422, { message: 'x', errors: { file: ['Файл пустой'] } }, 'POST', '/x'))).toBe('Файл пустой');
    expect(uploadError(new ApiError(0, {}, 'POST', '/x'))).toBe('Сервер недоступен, файл не загружен');
  });

  it('refuses a file larger than the server limit before sending it', () => {
    const limit = 25 * 1024 * 1024;
    expect(oversized({ name: 'скан.pdf', size: limit }, limit)).toBeNull();
    expect(oversized({ name: 'видео.mp4', size: 30 * 1024 * 1024 }, limit)).toBe('«видео.mp4» (30 МБ) больше 25 МБ — такой файл не загрузить');
    expect(oversized({ name: 'x', size: 1e12 }, null)).toBeNull();
  });
});
