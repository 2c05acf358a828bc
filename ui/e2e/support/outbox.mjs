// The file outbox of the server under test (<dataDir>/outbox/<id>-<kind>.eml): waits for a mail
// and decodes its text (quoted-printable or base64 parts, multipart or not).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const WAIT_MS = 15_000;

function decodePart(headers, body) {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => `%${hex}`);
    // Keep literal '%' through decodeURIComponent.
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** The decoded text of every part of a raw message, joined. */
export function mailText(raw) {
  const split = (text) => {
    const at = text.search(/\r?\n\r?\n/);
    return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at).replace(/^\r?\n\r?\n/, '')];
  };
  const [headers, body] = split(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return decodePart(headers, body);
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => mailText(part.replace(/^\r?\n/, '')))
    .join('\n');
}

/** Waits for the first mail of `kind` in the outbox and returns its decoded text. */
export async function waitForMail(dataDir, kind) {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const name = existsSync(dir) ? readdirSync(dir).find((file) => file.endsWith(`-${kind}.eml`)) : undefined;
    if (name) return mailText(readFileSync(join(dir, name), 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} mail in ${dir} within ${WAIT_MS} ms`);
}
