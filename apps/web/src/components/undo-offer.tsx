import type { BulkUndoResult, BulkUndoTicket } from '@pult/contract';
import { Button, ConfigProvider } from 'antd';
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { UNDO_OFFER_MS } from '../lib/contract-values';
import { describeError } from '../lib/describe-error';
import { useFeedback } from '../lib/feedback';

interface Offer {
  /** What was done, in a line: «Заблокировано: 3». */
  title: string;
  /** How a record is named in the list of those left alone (an e-mail), where the server names none (a code). */
  label?: (id: number) => string;
  /** After the undo: refresh what shows the records. */
  onUndone: (result: BulkUndoResult) => void;
}

/** What holds an offer's count: the pointer on the notification, the focus in it, the focus on the dialog's button. */
type Holder = 'pointer' | 'focus' | 'dialog';

export interface Countdown {
  /** Stops the count while anything holds it; it runs on from where it stopped when nothing does. */
  hold(by: Holder, on: boolean): void;
  /** The share of the time still left, 1 → 0. */
  left(): number;
  stop(): void;
}

/**
 * An offer's 10 seconds, counted here rather than by antd's notification, whose count pauses under the pointer
 * only: a keyboard user on «Отменить» (in the notification, or in the bulk dialog) saw the offer go from under
 * the focus. Each holder pauses it; it runs again when the last one lets go.
 */
export function countdown(ms: number, onEnd: () => void): Countdown {
  let left = ms;
  let since: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const holders = new Set<Holder>();
  const run = () => {
    since = Date.now();
    timer = setTimeout(() => {
      left = 0;
      since = null;
      onEnd();
    }, left);
  };
  const pause = () => {
    if (since === null) return;
    clearTimeout(timer);
    left = Math.max(0, left - (Date.now() - since));
    since = null;
  };
  run();
  return {
    hold(by, on) {
      if (left <= 0) return;
      const held = holders.size > 0;
      if (on) holders.add(by);
      else holders.delete(by);
      if (!held && holders.size > 0) pause();
      else if (held && holders.size === 0) run();
    },
    left: () => Math.max(0, since === null ? left : left - (Date.now() - since)) / ms,
    stop() {
      clearTimeout(timer);
      left = 0;
      since = null;
    },
  };
}

interface OpenOffer {
  undo(): void;
  countdown: Countdown;
}

/**
 * The offers on screen, by ticket: the bulk dialog that reported the action shows the same «Отменить»
 * (`UndoOfferButton`). The notification sits outside that dialog, where the dialog's focus trap keeps a
 * keyboard user from reaching it while the report is open.
 */
const openOffers = new Map<string, OpenOffer>();
const listeners = new Set<() => void>();
const setOffer = (id: string, offer: OpenOffer | null) => {
  if (offer) openOffers.set(id, offer);
  else if (!openOffers.delete(id)) return;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const useOpenOffer = (ticketId: string | undefined) =>
  useSyncExternalStore(subscribe, () => (ticketId === undefined ? undefined : openOffers.get(ticketId)));

/**
 * «Отменить» for 10 seconds after a destructive bulk action (docs/decisions/0043): a notification whose
 * button puts back exactly what the action changed. Records someone changed since are left as they are,
 * and the notice that follows names them.
 */
export function useUndoOffer() {
  const { t } = useTranslation();
  const { notification, message } = useFeedback();

  return (ticket: BulkUndoTicket, offer: Offer) => {
    const key = `undo-${ticket.id}`;
    const close = () => {
      count.stop();
      setOffer(ticket.id, null);
      notification.destroy(key);
    };
    const count = countdown(UNDO_OFFER_MS, close);
    const undo = async () => {
      close();
      try {
        const result = await api.bulkUndos.undo({ params: { id: ticket.id } });
        offer.onUndone(result);
        if (result.skipped.length === 0) message.success(t('versions.undo.done', { count: result.restored.length }));
        else
          message.warning(
            t('versions.undo.partly', {
              count: result.restored.length,
              names: result.skipped.map((row) => row.label ?? offer.label?.(row.id) ?? `#${row.id}`).join(', '),
            }),
            8,
          );
      } catch (error) {
        message.error(describeError(error, t));
      }
    };
    // A person reading the notice keeps it (the server's window is twice the offer): the count is `countdown`'s,
    // held by the pointer or the focus on the notice (`OfferActions`), so antd's own is off.
    notification.open({
      key,
      title: offer.title,
      duration: false,
      onClose: () => {
        count.stop();
        setOffer(ticket.id, null);
      },
      actions: <OfferActions ticketId={ticket.id} />,
    });
    setOffer(ticket.id, { undo: () => void undo(), countdown: count });
  };
}

/**
 * The offer's «Отменить» inside the bulk dialog that reported the action, while the notification offers it;
 * the same undo, done once. `onUsed` is told first, to move the focus before this button goes.
 */
export const UndoOfferButton = ({ ticketId, onUsed }: { ticketId: string | undefined; onUsed: () => void }) => {
  const { t } = useTranslation();
  const offer = useOpenOffer(ticketId);
  // The focus on this button holds the offer, as it does in the notification; a button that goes lets go.
  useEffect(() => () => offer?.countdown.hold('dialog', false), [offer]);
  if (!offer) return null;
  return (
    <Button
      onFocus={() => offer.countdown.hold('dialog', true)}
      onBlur={() => offer.countdown.hold('dialog', false)}
      onClick={() => {
        onUsed();
        offer.undo();
      }}
    >
      {t('versions.undo.action')}
    </Button>
  );
};

/**
 * The notification's «Отменить» and its count's bar (antd's, which draws only with antd's own count). The pointer
 * on the notice or the focus inside it holds the count; leaving it lets go.
 */
const OfferActions = ({ ticketId }: { ticketId: string }) => {
  const { t } = useTranslation();
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const offer = useOpenOffer(ticketId);
  const anchor = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLProgressElement>(null);
  const noticeCls = `${getPrefixCls('notification')}-notice`;

  useEffect(() => {
    const notice = anchor.current?.closest<HTMLElement>(`.${noticeCls}`);
    if (!offer || !notice) return;
    const { countdown: count } = offer;
    const onPointerIn = () => count.hold('pointer', true);
    const onPointerOut = () => count.hold('pointer', false);
    const onFocusIn = () => count.hold('focus', true);
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && notice.contains(event.relatedTarget))) count.hold('focus', false);
    };
    notice.addEventListener('mouseenter', onPointerIn);
    notice.addEventListener('mouseleave', onPointerOut);
    notice.addEventListener('focusin', onFocusIn);
    notice.addEventListener('focusout', onFocusOut);
    if (notice.matches(':hover')) onPointerIn();
    if (notice.contains(document.activeElement)) onFocusIn();
    let frame = requestAnimationFrame(function draw() {
      if (bar.current) bar.current.value = count.left() * 100;
      frame = requestAnimationFrame(draw);
    });
    return () => {
      cancelAnimationFrame(frame);
      notice.removeEventListener('mouseenter', onPointerIn);
      notice.removeEventListener('mouseleave', onPointerOut);
      notice.removeEventListener('focusin', onFocusIn);
      notice.removeEventListener('focusout', onFocusOut);
      count.hold('pointer', false);
      count.hold('focus', false);
    };
  }, [offer, noticeCls]);

  if (!offer) return null;
  return (
    <span ref={anchor}>
      <Button type="primary" size="small" onClick={() => offer.undo()}>
        {t('versions.undo.action')}
      </Button>
      <progress ref={bar} className={`${noticeCls}-progress`} max={100} value={100} aria-hidden="true" />
    </span>
  );
};
