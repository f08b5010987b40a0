import type { ImportState } from '@pult/contract';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Rows read, rows that pass, rows refused; with "update the existing", how many of the passing rows
 * update a record and how many match one unchanged; after an import, records created (and updated).
 */
export const ImportCounts = ({ state, imported }: { state: ImportState; imported?: boolean }) => {
  const { t } = useTranslation();
  const updating = state.onExisting === 'update';
  const items = [
    { key: 'total', value: state.total },
    { key: 'valid', value: state.valid },
    { key: 'invalid', value: state.invalid },
    ...(updating && !imported
      ? [
          { key: 'toUpdate', value: state.toUpdate },
          { key: 'unchanged', value: state.unchanged },
        ]
      : []),
    ...(imported ? [{ key: 'imported', value: state.imported - state.updated }] : []),
    ...(imported && updating ? [{ key: 'updated', value: state.updated }] : []),
  ];
  return (
    <Row gutter={[16, 16]} className="imports-counts">
      {items.map((item) => (
        <Col key={item.key} xs={12} sm={6}>
          <Statistic title={t(`imports.counts.${item.key}`)} value={item.value} />
        </Col>
      ))}
    </Row>
  );
};
