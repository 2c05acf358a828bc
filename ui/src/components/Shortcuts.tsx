//! The keyboard shortcuts of the portal: a table for the help page and a dialog for `?`.
import type { OverlayProps } from '../lib/overlays';
import { NOTIFICATIONS_HOTKEY } from '../lib/notifications';
import { Modal } from './Modal';

export const SHORTCUTS_HOTKEY = '?';

const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: [NOTIFICATIONS_HOTKEY], action: 'Открыть или закрыть панель уведомлений' },
  { keys: [SHORTCUTS_HOTKEY], action: 'Показать список горячих клавиш' },
  { keys: ['Esc'], action: 'Закрыть окно, подсказку или меню на телефоне' },
  { keys: ['Tab', 'Shift+Tab'], action: 'Перейти к следующему или предыдущему элементу' },
  { keys: ['Enter'], action: 'Открыть ссылку или нажать кнопку' },
];

export function ShortcutsTable() {
  return (
    <table className="shortcuts">
      <thead>
        <tr>
          <th scope="col">Клавиши</th>
          <th scope="col">Действие</th>
        </tr>
      </thead>
      <tbody>
        {SHORTCUTS.map(({ keys, action }) => (
          <tr key={action}>
            <td>
              {keys.map((key, i) => (
                <span key={key}>
                  {i > 0 && ' или '}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </td>
            <td>{action}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ShortcutsDialog(props: OverlayProps) {
  return (
    <Modal {...props} title="Горячие клавиши">
      <ShortcutsTable />
    </Modal>
  );
}
