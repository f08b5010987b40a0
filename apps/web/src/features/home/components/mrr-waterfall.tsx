import type { DashboardData } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatMoney, formatNumber } from '../../../lib/format';
import { CHART_HEIGHT } from './chart-size';

/** One step of the waterfall, in kopecks: where its bar starts, how tall it is, and the movement it shows. */
export interface WaterfallStep {
  key: string;
  base: number;
  value: number;
  /** The signed amount (the opening and closing MRR themselves, or a movement). */
  amount: number;
  tone: 'total' | 'up' | 'down';
}

/** The opening MRR, each movement stacked on what came before (gains up, losses down), and the closing MRR. */
export const waterfallSteps = (data: Pick<DashboardData, 'mrrOpening' | 'mrrMovements'>): WaterfallStep[] => {
  const m = data.mrrMovements;
  let level = data.mrrOpening;
  const step = (key: string, amount: number): WaterfallStep => {
    const base = amount >= 0 ? level : level + amount;
    level += amount;
    return { key, base, value: Math.abs(amount), amount, tone: amount >= 0 ? 'up' : 'down' };
  };
  return [
    { key: 'opening', base: 0, value: data.mrrOpening, amount: data.mrrOpening, tone: 'total' },
    step('new', m.new),
    step('expansion', m.expansion),
    step('reactivation', m.reactivation),
    step('contraction', m.contraction),
    step('churn', m.churn),
    {
      key: 'closing',
      base: 0,
      value: data.mrrOpening + m.net,
      amount: data.mrrOpening + m.net,
      tone: 'total',
    },
  ];
};

/**
 * The axis' ticks for values from `low` to `high` (rubles): about five at a round step (1, 2, 2.5 or 5 times a
 * power of ten), from a multiple of the step at or under `low` (0 for a waterfall) to one at or over `high`.
 */
export const axisTicks = (low: number, high: number, count = 5): number[] => {
  const lo = Math.min(0, low);
  const hi = Math.max(0, high);
  if (hi - lo <= 0) return [0, 1, 2, 3, 4];
  const rough = (hi - lo) / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough * (1 - 1e-9)) ?? 10 * power;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  return Array.from({ length: last - first + 1 }, (_, i) => (first + i) * step);
};

/**
 * «Как менялся MRR за период» (decision 0038) as plain elements: each step a bar placed in percent of the
 * axis, so the browser lays it out at any width with no script measuring it. It was a recharts chart, the
 * only one in view on `/app/home`: the page downloaded and ran recharts (126 kB gzip) and drew the chart
 * twice (its container measures itself in an effect) during the load (issue 37: blocking time). The axes
 * follow the page's direction (on an RTL page time runs from the right, the values on the right), the
 * colours are the theme's variables, and a bar's title gives its amount, as the chart's tooltip did. Screen
 * readers read each step's name with its amount; the axis and bars are hidden from them.
 */
export const MrrWaterfall = ({ data }: { data: Pick<DashboardData, 'mrrOpening' | 'mrrMovements'> }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const steps = waterfallSteps(data);
  const ticks = axisTicks(
    Math.min(...steps.map((s) => s.base / 100)),
    Math.max(...steps.map((s) => (s.base + s.value) / 100)),
  );
  const bottom = ticks[0] ?? 0;
  const span = (ticks[ticks.length - 1] ?? 1) - bottom || 1;
  const at = (rubles: number) => ((rubles - bottom) / span) * 100;
  const name = (key: string) => t(`home.mrr.${key}`);
  return (
    <div className="mrr-waterfall" style={{ height: CHART_HEIGHT.waterfall }} data-testid="mrr-waterfall">
      <div className="mrr-waterfall-axis" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} className="mrr-waterfall-tick" style={{ bottom: `${at(tick)}%` }}>
            <bdi>{formatNumber(Math.round(tick), locale)}</bdi>
          </span>
        ))}
      </div>
      <div className="mrr-waterfall-plot" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} className="mrr-waterfall-grid" style={{ bottom: `${at(tick)}%` }} />
        ))}
        {steps.map((step) => {
          const from = at(step.base / 100);
          return (
            <div
              key={step.key}
              className="mrr-waterfall-step"
              title={`${name(step.key)}: ${formatMoney(step.amount, locale)}`}
            >
              <span
                className={`mrr-waterfall-bar mrr-waterfall-${step.tone}`}
                style={{ bottom: `${from}%`, height: `${at((step.base + step.value) / 100) - from}%` }}
              />
            </div>
          );
        })}
      </div>
      <div className="mrr-waterfall-labels">
        {steps.map((step) => (
          <span
            key={step.key}
            className="mrr-waterfall-label"
            title={`${name(step.key)}: ${formatMoney(step.amount, locale)}`}
          >
            {name(step.key)}
            <span className="sr-only">
              {': '}
              {formatMoney(step.amount, locale)}
            </span>
          </span>
        ))}
      </div>
    </div>
  );
};
