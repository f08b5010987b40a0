// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstOpen } from './on-first-open';

afterEach(cleanup);

interface Props {
  open: boolean;
  title: string;
}

/** Stands for a drawer: draws its state, so the test can see it closed but still mounted. */
const Drawer = ({ open, title }: Props) => <section aria-label={title}>{open ? 'open' : 'closed'}</section>;

describe('onFirstOpen', () => {
  it('downloads nothing until the first opening, then stays mounted when closed', async () => {
    const load = vi.fn(async () => Drawer);
    const OnDemand = onFirstOpen(load, (props: Props) => props.open);

    const { rerender } = render(<OnDemand open={false} title="Тема" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Тема' })).toBeNull();

    await act(async () => rerender(<OnDemand open title="Тема" />));
    expect((await screen.findByRole('region', { name: 'Тема' })).textContent).toBe('open');

    // Closed again: still there (a drawer slides out instead of vanishing), and not downloaded twice.
    await act(async () => rerender(<OnDemand open={false} title="Тема" />));
    expect(screen.getByRole('region', { name: 'Тема' }).textContent).toBe('closed');
    await act(async () => rerender(<OnDemand open title="Тема" />));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
