import { describe, expect, it } from 'vitest';
import { declineName } from './declension';

describe('declined names', () => {
  it('declines a woman and a man by the patronymic', () => {
    expect(declineName({ last_name: 'Соколова', first_name: 'Марина', middle_name: 'Олеговна' }, 'genitive')).toBe('Соколовой Марины Олеговны');
    expect(declineName({ last_name: 'Иванов', first_name: 'Артём', middle_name: 'Сергеевич' }, 'genitive')).toBe('Иванова Артёма Сергеевича');
    expect(declineName({ last_name: 'Смирнова', first_name: 'Анна', middle_name: 'Петровна' }, 'dative')).toBe('Смирновой Анне Петровне');
  });

  it('says when the gender cannot be told', () => {
    expect(declineName({ last_name: 'Ким', first_name: 'Саша', middle_name: null }, 'genitive')).toBeNull();
  });
});
