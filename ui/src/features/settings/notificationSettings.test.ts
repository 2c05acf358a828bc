import { describe, expect, it } from 'vitest';
import { isChanged, mailedKinds, offKinds, withKind, type KindSetting } from './notificationSettings';

const settings: KindSetting[] = [
  { kind: 'account_used', title: 'Вход в учётную запись', description: 'Кто-то вошёл под вашим именем', mail: true, switchable: false, off: false },
  { kind: 'file_added', title: 'Новый файл', description: 'В ваших файлах новый документ', mail: false, switchable: false, off: false },
  { kind: 'roles_changed', title: 'Роли', description: 'Ваши роли изменились', mail: true, switchable: false, off: false },
  { kind: 'low_mark', title: 'Низкая оценка', description: 'Ребёнок получил низкую оценку', mail: false, switchable: true, off: true },
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
    expect(isChanged(settings, ['account_used', 'roles_changed'], [])).toBe(true);
  });

  it('starts from the kinds switched off', () => {
    expect(offKinds(settings)).toEqual(['low_mark']);
  });
});
