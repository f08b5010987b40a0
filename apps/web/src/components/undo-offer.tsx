import { type BulkUndoResult, type BulkUndoTicket, UNDO_OFFER_MS } from '@pult/contract';
import { App, Button } from 'antd';
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
      actions: (
        <Button type="primary" size="small" onClick={() => void undo()}>
          {t('versions.undo.action')}
        </Button>
      ),
    });
  };
}
