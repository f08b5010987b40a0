// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { lazyScreen } from './lazy-screen';

beforeAll(async () => {
  await initI18n('ru');
});
afterEach(cleanup);

describe('lazyScreen', () => {
  // The first antd render in jsdom compiles its styles, which takes seconds on a small machine.
  it('shows the chunk error and loads again on retry', { timeout: 30_000 }, async () => {
    // React logs caught render errors; they are the point of this test.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/users-1.js'))
      .mockResolvedValue({ default: () => <h1>Пользователи</h1> });
    const Screen = lazyScreen('users', load);

    render(<Screen />);
    expect(await screen.findByText(/Loading chunk users failed/)).toBeTruthy();
    expect(screen.getByText(i18n.t('errors.chunkTitle'))).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Повторить/ }));
    });
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    quiet.mockRestore();
  });
});
