import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser, type CurrentUser } from '../../lib/user';
import NotificationSettingsPage from './NotificationSettingsPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const student = {
  id: 7,
  email: 'artem.ivanov@demo.klass',
  first_name: 'Артём',
  last_name: 'Иванов',
  full_name: 'Иванов Артём',
  roles: ['student'],
  tags: [],
  email_verified: true,
  created_at: '2026-11-23T10:00:00Z',
  updated_at: '2026-11-23T10:00:00Z',
} as unknown as CurrentUser;
const settings = [{ kind: 'file_added', title: 'Новый файл', description: 'В ваших файлах новый документ', mail: false, switchable: false, off: false }];

let root: Root;
let host: HTMLElement;

async function render(user: CurrentUser, rows: readonly object[] = settings) {
  setCurrentUser(user);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: rows }), { status: 200 })));
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <NotificationSettingsPage />
      </MemoryRouter>,
    ),
  );
  await vi.waitFor(() => expect(host.querySelector('fieldset')).not.toBeNull());
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  setCurrentUser(null);
});

describe('notification settings page', () => {
  it('lets the person change and save his settings', async () => {
    await render(student);
    expect(host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.disabled).toBe(false);
    expect(host.querySelector('button[type="submit"]')?.textContent).toBe('Сохранить');
    expect(host.querySelector('[role="note"]')).toBeNull();
  });

  it('shows the settings read-only while a manager acts as the person', async () => {
    await render({ ...student, impersonator: { id: 1, full_name: 'Орлова Наталья Игоревна' } });
    expect(host.querySelector<HTMLInputElement>('input[type="checkbox"]')!.disabled).toBe(true);
    expect(host.querySelector('button[type="submit"]')).toBeNull();
    expect(host.querySelector('[role="note"]')?.textContent).toBe('Пока вы вошли как другой пользователь, его настройки уведомлений не меняются.');
  });

  it('does not offer mail for a kind switched off altogether', async () => {
    const lowMark = { kind: 'low_mark', title: 'Низкая оценка', description: 'Когда ребёнок получает низкую оценку', mail: true, switchable: true, off: false };
    await render({ ...student, roles: ['parent'] } as unknown as CurrentUser, [lowMark]);
    const [mail, off] = host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect(mail.disabled).toBe(false);
    await act(async () => off.click());
    expect(off.checked).toBe(true);
    expect(mail.disabled).toBe(true);
  });
});
