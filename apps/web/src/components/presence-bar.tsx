import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { returnFocus } from '../lib/keep-focus';
import type { RecordPresenceView } from '../lib/presence';
import './presence-bar.css';
import { useFeedback } from '../lib/feedback';

/**
 * Who else is on this record (docs/decisions/0043): «Сейчас редактирует: …» with a take-over that warns
 * first, a notice when someone took the lock from this tab, and who else has the record open.
 */
export const PresenceBar = ({ presence, canTakeOver }: { presence: RecordPresenceView; canTakeOver: boolean }) => {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const { lockedBy, takenOverBy, others } = presence;

  const confirmTakeOver = () => {
    if (!lockedBy) return;
    const opener = document.activeElement;
    modal.confirm({
      title: t('versions.presence.takeOverTitle'),
      content: t('versions.presence.takeOverWarning', { name: lockedBy.name }),
      okText: t('versions.presence.takeOver'),
      okButtonProps: { danger: true },
      cancelText: t('versions.presence.cancel'),
      onOk: () => presence.takeOver(),
      // Cancelled, the focus goes back to the button; once the lock is ours the button is gone, and the
      // focus goes to the record's heading.
      afterClose: () => returnFocus(opener),
    });
  };

  return (
    <div className="presence-bar" data-testid="presence-bar">
      {takenOverBy ? (
        <Alert type="warning" showIcon title={t('versions.presence.takenOver', { name: takenOverBy })} />
      ) : lockedBy ? (
        <Alert
          type="info"
          showIcon
          title={t('versions.presence.editing', { name: lockedBy.name })}
          description={canTakeOver ? t('versions.presence.editingHint') : undefined}
          action={
            canTakeOver ? (
              <Button size="small" onClick={confirmTakeOver}>
                {t('versions.presence.takeOver')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {others.length > 0 ? (
        <Typography.Text type="secondary" className="presence-viewers">
          <EyeOutlined aria-hidden />{' '}
          {t('versions.presence.viewing', { names: others.map((one) => one.name).join(', ') })}
        </Typography.Text>
      ) : null}
    </div>
  );
};
