import { describe, expect, it } from 'vitest';
import { matchScore, normalize, rank } from './match';

describe('the palette matcher', () => {
  it('ignores case, «ё» and extra spaces', () => {
    expect(normalize('  Ёлка   ЗЕЛЁНАЯ ')).toBe('елка зеленая');
    expect(matchScore('ЕЛКА', 'Ёлка')).not.toBeNull();
  });

  it('prefers a label that starts with the text, then a word that does, then any substring', () => {
    expect(matchScore('польз', 'Пользователи')).toBe(4);
    expect(matchScore('польз', 'Подписки пользователей')).toBe(3);
    expect(matchScore('зова', 'Пользователи')).toBe(2);
  });

  it('finds letters typed in order with gaps, and nothing else', () => {
    expect(matchScore('пзв', 'Пользователи')).toBe(1);
    expect(matchScore('взп', 'Пользователи')).toBeNull();
    expect(matchScore('промокоды', 'Пользователи')).toBeNull();
  });

  it('ranks best first and keeps the menu order among equals', () => {
    const labels = ['Главная', 'Пользователи', 'Подписки пользователей', 'Пользовательское соглашение'];
    expect(rank('польз', labels, (label) => label)).toEqual([
      'Пользователи',
      'Пользовательское соглашение',
      'Подписки пользователей',
    ]);
    expect(rank('', labels, (label) => label)).toEqual(labels);
  });

  it('works in every script the app speaks', () => {
    expect(matchScore('用户', '用户订阅')).toBe(4);
    expect(matchScore('ユーザー', 'ユーザー')).toBe(4);
    expect(matchScore('param', 'Paramètres')).toBe(4);
    expect(matchScore('promo', 'Promo codes')).toBe(4);
  });
});
