import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };

/** Before and after of one event, field by field: only what differs, old struck through, new beside it. */
export const ChangeDiff = ({ before, after }: { before: unknown; after: unknown }) => {
  const { t } = useTranslation();
  if ((before === null || before === undefined) && (after === null || after === undefined))
    return <Typography.Text type="secondary">{t('settings.audit.noDetails')}</Typography.Text>;
  const old = before === null || before === undefined ? {} : asRecord(before);
  const next = after === null || after === undefined ? {} : asRecord(after);
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter(
    (key) => JSON.stringify(old[key]) !== JSON.stringify(next[key]),
  );
  if (keys.length === 0) return <Typography.Text type="secondary">{t('settings.audit.noChanges')}</Typography.Text>;
  return (
    <table className="audit-diff" data-testid="audit-diff">
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            <td className="audit-before">{show(old[key])}</td>
            <td className="audit-after">{show(next[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};
