import { type BulkUndoResult, type BulkUndoTicket, UNDO_OFFER_MS } from '@pult/contract';
import { App, Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { describeError } from '../lib/describe-error';

interface Offer {
  /** What was done, in a line: «Заблокировано: 3». */
  title: string;
  /** How a record is named in the list of those left alone (an e-mail), where the server names none (a code). */
  label?: (id: number) => string;
  /** After the undo: refresh what shows the records. */
  onUndone: (result: BulkUndoResult) => void;
}

/**
 * The offers on screen, by ticket: the bulk dialog that reported the action shows the same «Отменить»
 * (`UndoOfferButton`). The notification sits outside that dialog, where the dialog's focus trap keeps a
 * keyboard user from reaching it while the report is open.
 */
const openOffers = new Map<string, () => void>();
const listeners = new Set<() => void>();
const setOffer = (id: string, undo: (() => void) | null) => {
  if (undo) openOffers.set(id, undo);
  else if (!openOffers.delete(id)) return;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * «Отменить» for 10 seconds after a destructive bulk action (docs/decisions/0043): a notification whose
 * button puts back exactly what the action changed. Records someone changed since are left as they are,
 * and the notice that follows names them.
 */
export function useUndoOffer() {
  const { t } = useTranslation();
  const { notification, message } = App.useApp();

  return (ticket: BulkUndoTicket, offer: Offer) => {
    const key = `undo-${ticket.id}`;
    const undo = async () => {
      setOffer(ticket.id, null);
      notification.destroy(key);
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
    notification.open({
      key,
      title: offer.title,
      duration: UNDO_OFFER_MS / 1000,
      showProgress: true,
      // A person reading the notice keeps it: the server's window is twice the offer.
      pauseOnHover: true,
      onClose: () => setOffer(ticket.id, null),
      actions: (
        <Button type="primary" size="small" onClick={() => void undo()}>
          {t('versions.undo.action')}
        </Button>
      ),
    });
    setOffer(ticket.id, () => void undo());
  };
}

/**
 * The offer's «Отменить» inside the bulk dialog that reported the action, while the notification offers it;
 * the same undo, done once. `onUsed` is told first, to move the focus before this button goes.
 */
export const UndoOfferButton = ({ ticketId, onUsed }: { ticketId: string | undefined; onUsed: () => void }) => {
  const { t } = useTranslation();
  const undo = useSyncExternalStore(subscribe, () => (ticketId === undefined ? undefined : openOffers.get(ticketId)));
  if (!undo) return null;
  return (
    <Button
      onClick={() => {
        onUsed();
        undo();
      }}
    >
      {t('versions.undo.action')}
    </Button>
  );
};
