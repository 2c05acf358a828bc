//! Fatal errors (spec §2): an uncaught error shows the error page, except for crawlers, where it
//! is only logged. A failure the API client has already reported is not fatal.
import { proxy } from 'valtio';
import { ApiError } from '../lib/api/client';
import { toPageError, type PageError } from './pageError';

const CRAWLER = /bot\b|crawl|spider|slurp|mediapartners|facebookexternalhit|bingpreview|yandex(bot|images)/i;

export const fatal = proxy({ error: null as PageError | null });

export function isCrawler(userAgent: string = navigator.userAgent): boolean {
  return CRAWLER.test(userAgent);
}

export function reportFatal(error: unknown, userAgent?: string) {
  if (error instanceof ApiError) return;
  console.error(error);
  if (!isCrawler(userAgent)) fatal.error = toPageError(error);
}

/** Benign browser noise that arrives as an `error` event without an Error. */
const NOISE = /ResizeObserver loop/;

export function installFatalHandlers() {
  window.addEventListener('error', (event) => {
    if (!event.error && NOISE.test(event.message)) return;
    reportFatal(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => reportFatal(event.reason));
}
