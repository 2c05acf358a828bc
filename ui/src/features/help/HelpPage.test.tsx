import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/routes';
import HelpPage from './HelpPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.unstubAllGlobals());

describe('the help page', () => {
  it('promises no section the portal does not have', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <MemoryRouter>
          <HelpPage />
        </MemoryRouter>,
      ),
    );
    const text = host.textContent ?? '';
    act(() => root.unmount());
    expect(text).toContain('Горячие клавиши');
    for (const [word, path] of [['документ', '/documents'], ['статистик', '/statistics']] as const) {
      if (!findRoute(path)) expect(text).not.toContain(word);
    }
  });
});
