//! The key of a money-creating request (the `Idempotency-Key` header): a dialog makes one when it
//! opens and sends it with each attempt, so a payment whose answer was lost on the way and is sent
//! again is recorded once; the next dialog makes a new one.
import { useState } from 'react';

/** The header that carries the key. */
export const REQUEST_KEY_HEADER = 'Idempotency-Key';

/**
 * A new key: 16 random bytes as 32 hex digits. `crypto.getRandomValues`, not `crypto.randomUUID`,
 * which browsers refuse on plain http at a LAN address.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The headers of one of this dialog's attempts: its key, made once when the dialog opened. */
export function useRequestKey(): Record<string, string> {
  const [headers] = useState(() => ({ [REQUEST_KEY_HEADER]: newRequestKey() }));
  return headers;
}
