import { describe, expect, it } from 'vitest';
import { isChanged, mailedKinds, withKind, type KindSetting } from './notificationSettings';

const settings: KindSetting[] = [
  { kind: 'account_used', title: 'Вход в учётную запись', description: 'Кто-то вошёл под вашим именем', mail: true },
  { kind: 'file_added', title: 'Новый файл', description: 'В ваших файлах новый документ', mail: false },
  { kind: 'roles_changed', title: 'Роли', description: 'Ваши роли изменились', mail: true },
];

describe('notification settings', () => {
  it('starts from the kinds the server mails', () => {
    expect(mailedKinds(settings)).toEqual(['account_used', 'roles_changed']);
  });

  it("ticks and unticks a kind, keeping the server's order", () => {
    expect(withKind(settings, ['roles_changed'], 'account_used', true)).toEqual(['account_used', 'roles_changed']);
    expect(withKind(settings, ['account_used', 'roles_changed'], 'account_used', false)).toEqual(['roles_changed']);
    expect(withKind(settings, ['account_used'], 'account_used', true)).toEqual(['account_used']);
  });

  it('knows when there is something to save', () => {
    expect(isChanged(settings, ['account_used', 'roles_changed'])).toBe(false);
    expect(isChanged(settings, ['account_used'])).toBe(true);
  });
});
