import type { Revision } from '@pult/contract';
import { Button, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../config/theme-config';
import { compareRevisions } from '../lib/revision-compare';
import { type FieldFormats, fieldValue } from '../lib/revision-values';
import { TextDiff } from './text-diff';

interface Props {
  history: readonly Revision[];
  /** The two revisions picked, in any order. */
  picked: readonly [number, number];
  fieldLabel(field: string): string;
  /** How the resource's fields read (money, periods, statuses…). */
  fieldValues: FieldFormats;
  /** Fields holding Markdown (a note's body): compared word by word; the others as before and after. */
  markdownFields: readonly string[];
  onClose(): void;
}

/**
 * Two picked revisions side by side (docs/decisions/0047): each field that differs between the record right
 * after the older and right after the newer, a Markdown field word by word.
 */
export const RevisionCompare = ({ history, picked, fieldLabel, fieldValues, markdownFields, onClose }: Props) => {
  const { t, i18n } = useTranslation();
  const reader = { t, locale: i18n.language as LocaleId };
  const [a, b] = picked.map((id) => history.find((revision) => revision.id === id));
  if (!a || !b) return null;
  const [older, newer] = a.id < b.id ? [a, b] : [b, a];
  const changes = compareRevisions(history, older.id, newer.id);
  const title = t('versions.history.compareTitle', { from: older.version, to: newer.version });
  return (
    <Card
      size="small"
      className="revision-compare"
      title={title}
      role="region"
      aria-label={title}
      extra={
        <Button size="small" onClick={onClose}>
          {t('versions.history.compareClose')}
        </Button>
      }
    >
      {changes.length === 0 ? <Empty description={t('versions.history.compareSame')} /> : null}
      <dl className="revision-compare-fields">
        {changes.map((change) => (
          <div key={change.field} className="revision-compare-field" data-field={change.field}>
            <dt>
              <Typography.Text strong>{fieldLabel(change.field)}</Typography.Text>
            </dt>
            <dd>
              {markdownFields.includes(change.field) ? (
                <TextDiff before={String(change.before ?? '')} after={String(change.after ?? '')} />
              ) : (
                <div className="revision-compare-values">
                  <del className="diff-removed" title={t('versions.history.before')}>
                    {fieldValue(change.field, change.before, fieldValues, reader)}
                  </del>
                  <span aria-hidden="true" className="revision-compare-arrow">
                    →
                  </span>
                  <ins className="diff-added" title={t('versions.history.after')}>
                    {fieldValue(change.field, change.after, fieldValues, reader)}
                  </ins>
                </div>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
};
