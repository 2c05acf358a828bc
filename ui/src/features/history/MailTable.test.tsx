import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailRecord } from './mail';
import { MailTable } from './MailTable';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const sent: MailRecord = {
  id: 1,
  to: 'anna@school.ru',
  to_name: 'Анна Петрова',
  user_id: 7,
  kind: 'password_reset',
  kind_title: 'Сброс пароля',
  subject: 'Пароль изменён',
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-11-23T10:00:00+03:00',
  sent_at: '2026-11-23T10:00:02+03:00',
  resend_refusal: null,
};
const failed: MailRecord = { ...sent, id: 2, kind: 'notification', kind_title: 'Уведомление', status: 'failed', sent_at: null, last_error: 'Почтовый сервер недоступен' };
const expired = 'Ссылка в этом письме могла устареть: отправьте новую со страницы человека («Пароль» → «Отправить ссылку»)';
const refused: MailRecord = { ...failed, id: 3, kind: 'password_reset', kind_title: 'Сброс пароля', resend_refusal: expired };

let root: Root;
let host: HTMLElement;

function render(props: Partial<Parameters<typeof MailTable>[0]>) {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  act(() => root.render(<MailTable rows={[sent, failed, refused]} busy={false} {...props} />));
}

const buttons = () => [...host.querySelectorAll('button')];

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('mail table', () => {
  it('offers to send again only the mail that was not sent, and names it for screen readers', () => {
    const onResend = vi.fn();
    render({ onResend });
    expect(buttons().map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Отправить ещё раз', 'Отправить ещё раз письмо «Пароль изменён» на anna@school.ru'],
    ]);
    act(() => buttons()[0].click());
    expect(onResend).toHaveBeenCalledWith(failed);
  });

  it('keeps the button disabled while that mail is being sent again, and shows none without the action', () => {
    render({ onResend: vi.fn(), resending: failed.id });
    expect(buttons()[0].disabled).toBe(true);
    act(() => root.unmount());
    host.remove();
    render({});
    expect(buttons()).toEqual([]);
  });

  it('offers no button on a failed mail the server would refuse, and says why in its place', () => {
    render({ onResend: vi.fn() });
    const rows = [...host.querySelectorAll('tbody tr')];
    expect(rows[2].querySelector('button')).toBeNull();
    expect(rows[2].querySelector('.mail-resend-refusal')?.textContent).toBe(expired);
    expect(rows[1].querySelector('.mail-resend-refusal')).toBeNull();
  });
});
