import { describe, expect, it } from 'vitest';
import { newRequestKey } from './requestKey';

describe('a request key', () => {
  it('is 32 hex digits, as the server takes (1 to 64 of [A-Za-z0-9-_])', () => {
    expect(newRequestKey()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is new each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newRequestKey));
    expect(keys.size).toBe(50);
  });
});
