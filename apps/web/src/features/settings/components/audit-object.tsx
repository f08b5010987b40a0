import type { AuditEventEntry } from '@pult/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { describeError } from '../../../lib/describe-error';
import { auditTarget } from '../lib/audit-target';

/**
 * An event's object by name and id («Пользователь #11»), as a link to the screen that shows it. A promo
 * code's series is not in its event, so the link asks which series holds the code when followed.
 */
export const AuditObject = ({ event, name }: { event: AuditEventEntry; name: string }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [finding, setFinding] = useState(false);
  const text = event.entityId ? `${name} #${event.entityId}` : name;
  const target = auditTarget(event);
  if (!target) return <>{text}</>;
  if ('path' in target) return <Link to={target.path}>{text}</Link>;

  const openCode = async () => {
    setFinding(true);
    try {
      const found = await api.promoCodes.lookup({ query: { code: target.code } });
      navigate(`/app/promo-codes/${found.series.id}?code=${encodeURIComponent(found.code.value)}`);
    } catch (error) {
      message.error(describeError(error, t));
    } finally {
      setFinding(false);
    }
  };
  return (
    <Button type="link" className="link-button" loading={finding} onClick={() => void openCode()}>
      {text}
    </Button>
  );
};
