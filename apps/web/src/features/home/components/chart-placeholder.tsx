import { Card } from 'antd';

export { CHART_HEIGHT } from './chart-size';

/**
 * The place of a chart until recharts (a chunk of its own, downloaded after the first paint) and the data
 * are there: the chart's very height, so nothing below moves when it is drawn.
 */
export const ChartPlaceholder = ({ height }: { height: number }) => (
  <div className="chart-placeholder" style={{ height }} aria-hidden="true" />
);

/** A chart's card with its title and the chart's place kept. */
export const ChartCardPlaceholder = ({ title, height }: { title: string; height: number }) => (
  <Card size="small" title={title} aria-busy="true">
    <ChartPlaceholder height={height} />
  </Card>
);
