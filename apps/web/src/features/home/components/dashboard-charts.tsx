import type { DashboardData } from '@pult/contract';
import type { GlobalToken } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useTheme } from '../../../lib/theme-store';
import { CHART_HEIGHT } from './chart-size';

/**
 * The three charts below the fold, the only users of recharts: downloaded when the first of them comes near the
 * view (the MRR waterfall in view is plain elements, mrr-waterfall.tsx), in a chunk of
 * their own, which imports nothing of antd's: antd's Card and Empty around them are the screen's, and so is
 * the theme's token, handed over as a prop; reading either here regrouped the chunks /app/users shares). Colours come from the antd theme tokens, so the
 * dark theme recolours them too. Drawn at once, without recharts' entry animation: its frames (1.5 s by
 * default) re-rendered each chart in the home screen's first seconds (issue 37: blocking time).
 */
/**
 * Between a series' name and its value in a tooltip: recharts' default « : » is French spacing
 * («Администратор : 3»); French keeps its narrow space, Chinese and Japanese their full-width colon.
 */
const TOOLTIP_SEPARATORS: Record<LocaleId, string> = { ru: ': ', en: ': ', fr: '\u202f: ', zh: '：', ja: '：' };

/** The antd theme's tokens, read by the screen (`theme.useToken()`) and handed over: see above. */
export interface ChartProps {
  data: DashboardData;
  token: GlobalToken;
}

const useChartStyle = (token: GlobalToken) => {
  const { i18n } = useTranslation();
  return {
    axis: { fontSize: 12, fill: token.colorTextSecondary },
    grid: token.colorBorderSecondary,
    tooltip: {
      contentStyle: {
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorder}`,
        color: token.colorText,
      },
      labelStyle: { color: token.colorText },
      separator: TOOLTIP_SEPARATORS[i18n.language as LocaleId] ?? ': ',
    },
    colors: [token.colorPrimary, token.colorSuccess, token.colorWarning, token['purple-6'] ?? token.colorInfo],
  };
};

/**
 * The charts draw left to right whatever the page's direction: recharts places SVG text by
 * `text-anchor`, which an inherited `direction: rtl` turns around, so the category labels ran into
 * the bars. On an RTL page the axes are mirrored instead (time from the right, values on the right).
 */
const useMirrored = () => useTheme().direction === 'rtl';
const ChartFrame = ({ children }: { children: ReactNode }) => (
  <div dir="ltr" className="dashboard-chart">
    {children}
  </div>
);

export const TrendChart = ({ data, token }: ChartProps) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const style = useChartStyle(token);
  const points = data.daily.map((d) => ({ ...d, revenueRub: d.revenue / 100 }));
  const mirrored = useMirrored();
  return (
    <ChartFrame>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT.trend}>
        <LineChart data={points} margin={{ left: 4, right: 4, top: 8 }}>
          <CartesianGrid stroke={style.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="day"
            tick={style.axis}
            tickFormatter={(day: string) => formatDate(day, locale).slice(0, 5)}
            minTickGap={16}
            reversed={mirrored}
          />
          <YAxis
            yAxisId="users"
            orientation={mirrored ? 'right' : 'left'}
            tick={style.axis}
            width={40}
            allowDecimals={false}
          />
          <YAxis
            yAxisId="money"
            orientation={mirrored ? 'left' : 'right'}
            tick={style.axis}
            width={56}
            tickFormatter={(v: number) => formatNumber(v, locale)}
          />
          <Tooltip
            {...style.tooltip}
            labelFormatter={(day) => formatDate(String(day), locale)}
            formatter={(value, name) =>
              name === t('home.charts.revenue')
                ? formatMoney(Math.round(Number(value) * 100), locale)
                : formatNumber(Number(value), locale)
            }
          />
          <Legend />
          <Line
            yAxisId="users"
            type="monotone"
            dataKey="registrations"
            name={t('home.charts.registrations')}
            stroke={style.colors[0]}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="money"
            type="monotone"
            dataKey="revenueRub"
            name={t('home.charts.revenue')}
            stroke={style.colors[1]}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
};

export const NewSubscriptionsChart = ({ data, token }: ChartProps) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const style = useChartStyle(token);
  const mirrored = useMirrored();
  // The stacked bars, one per source, in the palette's order.
  const sources = [
    { key: 'newByPurchase', name: t('home.sources.purchase') },
    { key: 'newByPromo', name: t('home.sources.promo') },
    { key: 'newByAdmin', name: t('home.sources.admin') },
  ];
  return (
    <ChartFrame>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT.newBySource}>
        <BarChart data={data.daily} margin={{ left: 4, right: 4, top: 8 }}>
          <CartesianGrid stroke={style.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="day"
            tick={style.axis}
            tickFormatter={(day: string) => formatDate(day, locale).slice(0, 5)}
            minTickGap={16}
            reversed={mirrored}
          />
          <YAxis orientation={mirrored ? 'right' : 'left'} tick={style.axis} width={40} allowDecimals={false} />
          <Tooltip {...style.tooltip} labelFormatter={(day) => formatDate(String(day), locale)} />
          <Legend />
          {sources.map(({ key, name }, i) => (
            <Bar key={key} dataKey={key} stackId="new" name={name} fill={style.colors[i]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
};

export const PlansChart = ({ data, token }: ChartProps) => {
  const { t } = useTranslation();
  const style = useChartStyle(token);
  const mirrored = useMirrored();
  return (
    <ChartFrame>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT.byPlan}>
        <BarChart
          data={data.subscriptions.byPlan}
          layout="vertical"
          margin={mirrored ? { left: 16, right: 4 } : { left: 4, right: 16 }}
        >
          <CartesianGrid stroke={style.grid} strokeDasharray="3 3" />
          <XAxis type="number" tick={style.axis} allowDecimals={false} reversed={mirrored} />
          <YAxis
            type="category"
            dataKey="title"
            orientation={mirrored ? 'right' : 'left'}
            tick={style.axis}
            width={110}
          />
          <Tooltip {...style.tooltip} />
          <Bar
            dataKey="count"
            name={t('home.kpi.activeSubscriptions')}
            fill={style.colors[0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
};
