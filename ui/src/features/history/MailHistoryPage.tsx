//! /history/mail (manager): every mail the portal sent or tried to send.
import { endpoints } from '../../paths';
import { MailList } from './MailList';

export default function MailHistoryPage() {
  return (
    <>
      <h1>История писем</h1>
      <MailList
        url={endpoints.mailHistory}
        empty={<p>Писем пока нет. Здесь появится каждое письмо портала: сброс пароля, подтверждение адреса и другие.</p>}
      />
    </>
  );
}
