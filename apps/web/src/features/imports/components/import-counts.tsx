import type { ImportState } from '@pult/contract';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

/** Rows read, rows that pass, rows refused, and (after an import) records made. */
export const ImportCounts = ({ state, imported }: { state: ImportState; imported?: boolean }) => {
  const { t } = useTranslation();
  const items = [
    { key: 'total', value: state.total },
    { key: 'valid', value: state.valid },
    { key: 'invalid', value: state.invalid },
    ...(imported ? [{ key: 'imported', value: state.imported }] : []),
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
