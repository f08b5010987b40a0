// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useBreadcrumbLabel } from '../../lib/breadcrumb-label';
import { initI18n } from '../../lib/i18n';
import { appRoutes } from '../router';
import { Breadcrumbs } from './breadcrumbs';

beforeAll(async () => {
  await initI18n('ru');
});
afterEach(cleanup);

const NamedPage = ({ label }: { label: string | undefined }) => {
  useBreadcrumbLabel(label);
  return null;
};

/** The layout's breadcrumbs beside a detail page that may or may not have loaded its entity. */
const Screen = ({ label, path }: { label: string | undefined; path: string }) => (
  <MemoryRouter initialEntries={[path]}>
    <Breadcrumbs />
    <NamedPage label={label} />
  </MemoryRouter>
);

describe('Breadcrumbs', () => {
  // The first antd render in jsdom compiles its styles, which takes seconds on a small machine.
  it('names a detail page by what it registered, and shows a placeholder, not the id, until then', {
    timeout: 30_000,
  }, async () => {
    const { rerender } = render(<Screen path="/app/users/11" label={undefined} />);
    const nav = await screen.findByRole('navigation');
    expect(nav.textContent).toBe('Главная/Пользователи/');
    expect(screen.getByRole('status', { name: 'Загрузка…' })).toBeTruthy();
    rerender(<Screen path="/app/users/11" label="ivan@mail.ru" />);
    expect((await screen.findByRole('navigation')).textContent).toBe('Главная/Пользователи/ivan@mail.ru');
  });

  it('forgets the name when the page goes away', { timeout: 30_000 }, async () => {
    const { unmount } = render(<Screen path="/app/promo-codes/3" label="Осень" />);
    expect((await screen.findByRole('navigation')).textContent).toContain('Осень');
    unmount();
    render(<Screen path="/app/promo-codes/3" label={undefined} />);
    expect((await screen.findByRole('navigation')).textContent).toBe('Главная/Промокоды/');
  });

  it('names path words by their menu group and an unknown page as not found', { timeout: 30_000 }, async () => {
    render(<Screen path="/app/common/tg-channels" label={undefined} />);
    expect((await screen.findByRole('navigation')).textContent).toBe('Главная/Общее/Список телеграм-каналов');
    cleanup();
    render(<Screen path="/app/does-not-exist" label={undefined} />);
    expect((await screen.findByRole('navigation')).textContent).toBe('Главная/Страница не найдена');
    cleanup();
    render(<Screen path="/app/nowhere/at/all" label={undefined} />);
    expect((await screen.findByRole('navigation')).textContent).toBe('Главная/Страница не найдена');
  });
});

describe('every screen has a name', () => {
  it('in the menu (no trail) or in the breadcrumbs, never «not found»', { timeout: 60_000 }, async () => {
    // Pages that name their own last crumb once loaded (a new note), and the fallback itself.
    const selfNamed = new Set(['notes/new', '*']);
    const paths = appRoutes
      .map((route) => route.path)
      .filter((path): path is string => Boolean(path) && !path?.includes(':') && !selfNamed.has(path ?? ''));
    expect(paths).toContain('common/personal-data-consent');
    for (const path of paths) {
      render(<Screen path={`/app/${path}`} label={undefined} />);
      const nav = screen.queryByRole('navigation');
      expect(nav?.textContent ?? '', path).not.toContain('Страница не найдена');
      cleanup();
    }
  });
});
