// @vitest-environment jsdom
import type { BulkUndoTicket } from '@pult/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { countdown, UndoOfferButton, useUndoOffer } from './undo-offer';

beforeAll(async () => {
  await initI18n('ru');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('an undo offer’s count', () => {
  it('ends after its time, paused while anything holds it, and runs on from where it stopped', () => {
    vi.useFakeTimers();
    const ended = vi.fn();
    const count = countdown(10_000, ended);
    vi.advanceTimersByTime(4_000);
    count.hold('focus', true);
    vi.advanceTimersByTime(60_000);
    expect(ended).not.toHaveBeenCalled();
    expect(count.left()).toBeCloseTo(0.6);
    // Two holders: the pointer leaving does not let go while the focus stays.
    count.hold('pointer', true);
    count.hold('pointer', false);
    vi.advanceTimersByTime(60_000);
    expect(ended).not.toHaveBeenCalled();
    count.hold('focus', false);
    vi.advanceTimersByTime(5_999);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ended).toHaveBeenCalledOnce();
    expect(count.left()).toBe(0);
  });

  it('stops for good when the offer closes', () => {
    vi.useFakeTimers();
    const ended = vi.fn();
    const count = countdown(10_000, ended);
    count.stop();
    count.hold('focus', true);
    count.hold('focus', false);
    vi.advanceTimersByTime(20_000);
    expect(ended).not.toHaveBeenCalled();
  });
});

/** A bulk block just done: the notification offers «Отменить», and so does the (here: bare) report dialog. */
const Offered = ({ id }: { id: string }) => {
  const offer = useUndoOffer();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const ticket: BulkUndoTicket = { id, expiresAt: new Date(Date.now() + 20_000).toISOString() };
    offer(ticket, { title: 'Заблокировано: 2', onUndone: () => undefined });
  }, [offer, id]);
  return <UndoOfferButton ticketId={id} onUsed={() => undefined} />;
};

describe('the undo notification', () => {
  // The first antd render in jsdom compiles its styles, which takes seconds on a small machine.
  it('stays while the focus is in it or on the dialog’s «Отменить», and goes 10 s after it left', {
    timeout: 30_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render(
      <App>
        <Offered id="focus" />
      </App>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    const buttons = () => screen.queryAllByRole('button', { name: 'Отменить' });
    expect(buttons()).toHaveLength(2);
    const inNotice = buttons().find((button) => button.closest('.ant-notification-notice'));
    const inDialog = buttons().find((button) => !button.closest('.ant-notification-notice'));
    if (!inNotice || !inDialog) throw new Error('both offers expected');

    // The focus in the notification holds it far past its 10 s.
    act(() => inNotice.focus());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(buttons()).toHaveLength(2);
    // From there to the dialog's «Отменить»: still held.
    act(() => inDialog.focus());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(buttons()).toHaveLength(2);
    // The focus leaves both: the count runs on, and the offer goes when it ends.
    act(() => inDialog.blur());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_000);
    });
    expect(buttons()).toHaveLength(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(
      screen.queryAllByRole('button', { name: 'Отменить' }).filter((b) => !b.closest('.ant-notification-notice')),
    ).toHaveLength(0);
  });

  it('stays under the pointer, as before', { timeout: 30_000 }, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render(
      <App>
        <Offered id="pointer" />
      </App>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    const notice = document.querySelector('.ant-notification-notice');
    if (!notice) throw new Error('notification expected');
    fireEvent.mouseEnter(notice);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(screen.queryAllByRole('button', { name: 'Отменить' })).toHaveLength(2);
    fireEvent.mouseLeave(notice);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    expect(
      screen.queryAllByRole('button', { name: 'Отменить' }).filter((b) => !b.closest('.ant-notification-notice')),
    ).toHaveLength(0);
  });
});
