// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { onFirstOpen } from './on-first-open';

beforeAll(async () => {
  await initI18n('ru');
});
afterEach(cleanup);

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Stands for a drawer: draws its state, so the test can see it closed but still mounted. */
const Drawer = ({ open }: Props) => <section aria-label="Тема">{open ? 'open' : 'closed'}</section>;

describe('onFirstOpen', () => {
  it('downloads nothing until the first opening, then stays mounted when closed', async () => {
    const load = vi.fn(async () => Drawer);
    const OnDemand = onFirstOpen('drawer', load, (props: Props) => props.open);
    const onClose = vi.fn();

    const { rerender } = render(
      <App>
        <OnDemand open={false} onClose={onClose} />
      </App>,
    );
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Тема' })).toBeNull();

    await act(async () =>
      rerender(
        <App>
          <OnDemand open onClose={onClose} />
        </App>,
      ),
    );
    expect((await screen.findByRole('region', { name: 'Тема' })).textContent).toBe('open');

    // Closed again: still there (a drawer slides out instead of vanishing), and not downloaded twice.
    await act(async () =>
      rerender(
        <App>
          <OnDemand open={false} onClose={onClose} />
        </App>,
      ),
    );
    expect(screen.getByRole('region', { name: 'Тема' }).textContent).toBe('closed');
    expect(load).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  // The first antd render in jsdom compiles its styles, which takes seconds on a small machine.
  it('when the code does not arrive: says so, closes, and downloads again on the next opening', {
    timeout: 30_000,
  }, async () => {
    // React logs the caught error; it is the point of this test.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Drawer>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/drawer-1.js'))
      .mockResolvedValue(Drawer);
    const OnDemand = onFirstOpen('drawer', load, (props: Props) => props.open);
    const Host = () => {
      const [open, setOpen] = useState(false);
      return (
        <App>
          <button type="button" onClick={() => setOpen(true)}>
            Настройки
          </button>
          <OnDemand open={open} onClose={() => setOpen(false)} />
        </App>
      );
    };
    render(<Host />);

    await act(async () => screen.getByRole('button', { name: 'Настройки' }).click());
    expect(await screen.findByText(i18n.t('errors.dialogLoad'))).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Тема' })).toBeNull();

    await act(async () => screen.getByRole('button', { name: 'Настройки' }).click());
    expect((await screen.findByRole('region', { name: 'Тема' })).textContent).toBe('open');
    expect(load).toHaveBeenCalledTimes(2);
    quiet.mockRestore();
  });
});
