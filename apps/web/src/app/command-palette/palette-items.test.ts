import { describe, expect, it } from 'vitest';
import { MENU_LEAVES } from '../../config/navigation';
import { screensFor } from './palette-items';

describe('the palette’s screens', () => {
  it('are the menu’s entries in menu order, then the pages without one, each once', () => {
    const paths = screensFor('admin').map((screen) => screen.path);
    expect(paths.slice(0, MENU_LEAVES.length)).toEqual(MENU_LEAVES.map((leaf) => leaf.path));
    expect(paths).toContain('/app/notes');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('name the menu group a screen sits in', () => {
    const items = screensFor('admin').find((screen) => screen.path === '/app/subscriptions/items');
    expect(items).toMatchObject({ title: 'nav.subscriptionsItems', section: 'nav.subscriptions' });
  });

  it('leave out what the role may not open', () => {
    expect(screensFor('admin').map((screen) => screen.path)).toContain('/app/common/settings');
    const editor = screensFor('editor').map((screen) => screen.path);
    expect(editor).not.toContain('/app/common/settings');
    expect(editor).toContain('/app/common/user-agreement');
    expect(screensFor(undefined).map((screen) => screen.path)).not.toContain('/app/common/settings');
  });
});
