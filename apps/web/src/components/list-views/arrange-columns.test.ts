import { describe, expect, it } from 'vitest';
import { arrangeColumns, configurableColumns, moveColumn, toggleColumn } from './arrange-columns';

const columns = [
  { key: 'name', title: 'Имя' },
  { key: 'email', title: 'E-mail' },
  { key: 'role', title: 'Роль' },
  { key: 'actions' },
];

describe('column settings', () => {
  it('shows the screen order when nothing is saved', () => {
    expect(arrangeColumns(columns, []).map((c) => c.key)).toEqual(['name', 'email', 'role', 'actions']);
  });

  it('orders and hides by the settings, keeping an untitled column in its place', () => {
    const settings = [
      { key: 'role', visible: true },
      { key: 'name', visible: false },
      { key: 'email', visible: true },
    ];
    expect(arrangeColumns(columns, settings).map((c) => c.key)).toEqual(['role', 'email', 'actions']);
  });

  it('drops keys the screen no longer has and shows new columns last', () => {
    const list = configurableColumns(columns, [
      { key: 'gone', visible: false },
      { key: 'email', visible: false },
    ]);
    expect(list).toEqual([
      { key: 'email', title: 'E-mail', visible: false },
      { key: 'name', title: 'Имя', visible: true },
      { key: 'role', title: 'Роль', visible: true },
    ]);
  });

  it('moves within bounds and never hides the last visible column', () => {
    const list = configurableColumns(columns, []);
    expect(moveColumn(list, 'email', -1).map((c) => c.key)).toEqual(['email', 'name', 'role']);
    expect(moveColumn(list, 'name', -1).map((c) => c.key)).toEqual(['name', 'email', 'role']);
    const one = configurableColumns(columns, [
      { key: 'name', visible: true },
      { key: 'email', visible: false },
      { key: 'role', visible: false },
    ]);
    expect(toggleColumn(one, 'name', false).find((c) => c.key === 'name')?.visible).toBe(true);
  });
});
