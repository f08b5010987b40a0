import type { CurvePoint } from './cost-curve';

const LINES: readonly { key: string; label: string; color: string }[] = [
  { key: 'users-page-1', label: 'users page 1', color: '#1f77b4' },
  { key: 'users-page-last', label: 'users page last', color: '#ff7f0e' },
  { key: 'users-email-filter', label: 'e-mail filter', color: '#2ca02c' },
  { key: 'subscriptions-page-1', label: 'subscriptions page 1', color: '#d62728' },
  { key: 'transactions-page-1', label: 'transactions page 1', color: '#9467bd' },
  { key: 'dashboard-data-30', label: 'dashboard (30 days)', color: '#8c564b' },
];

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const users = (n: number) =>
  n >= 1e6 ? `${Math.round(n / 1e5) / 10} M` : n >= 1e3 ? `${Math.round(n / 100) / 10} k` : String(n);

/**
 * The curve as a self-contained SVG: p99 at the fixed rate of each list (log scale, ms) against the
 * users in the database (log scale), the load average written under each point.
 */
export function costCurveSvg(points: readonly CurvePoint[]): string {
  const width = 760;
  const height = 420;
  const left = 60;
  const right = 200;
  const top = 30;
  const bottom = 70;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const values = points.flatMap((p) => LINES.map((line) => p.p99Ms[line.key])).filter((v): v is number => !!v);
  const lo = Math.max(0.1, Math.min(1, ...values));
  const hi = Math.max(10, ...values);
  const yMin = 10 ** Math.floor(Math.log10(lo));
  const yMax = 10 ** Math.ceil(Math.log10(hi));
  const y = (ms: number) =>
    top + plotH - ((Math.log10(ms) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * plotH;
  const sizes = points.map((p) => Math.max(1, p.users));
  const xMin = Math.min(...sizes);
  const xMax = Math.max(...sizes);
  const x = (n: number) =>
    xMax === xMin
      ? left + plotW / 2
      : left + ((Math.log10(n) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plotW;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="14" font-weight="bold">p99 at 20 req/s (ms, log) by users in the database (log)</text>`,
  );
  for (let decade = yMin; decade <= yMax; decade *= 10) {
    out.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${y(decade)}" y2="${y(decade)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${y(decade) + 4}" text-anchor="end">${decade}</text>`,
    );
  }
  points.forEach((point, i) => {
    const px = x(sizes[i] ?? 1);
    out.push(
      `<line x1="${px}" x2="${px}" y1="${top}" y2="${top + plotH}" stroke="#eee"/>`,
      `<text x="${px}" y="${top + plotH + 16}" text-anchor="middle">${xml(users(point.users))} users</text>`,
      `<text x="${px}" y="${top + plotH + 32}" text-anchor="middle" fill="#555">load ${point.loadAverage.min}–${point.loadAverage.max}</text>`,
    );
  });
  LINES.forEach((line, index) => {
    const coords = points
      .map((point, i) => [x(sizes[i] ?? 1), point.p99Ms[line.key]] as const)
      .filter((c): c is readonly [number, number] => typeof c[1] === 'number' && c[1] > 0)
      .map(([px, ms]) => [px, y(ms), ms] as const);
    if (coords.length > 1) {
      out.push(
        `<polyline fill="none" stroke="${line.color}" stroke-width="2" points="${coords.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}"/>`,
      );
    }
    for (const [px, py, ms] of coords) {
      out.push(
        `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3" fill="${line.color}"><title>${xml(line.label)}: ${ms} ms</title></circle>`,
      );
    }
    const ly = top + 10 + index * 18;
    out.push(
      `<line x1="${left + plotW + 16}" x2="${left + plotW + 36}" y1="${ly}" y2="${ly}" stroke="${line.color}" stroke-width="2"/>`,
      `<text x="${left + plotW + 42}" y="${ly + 4}">${xml(line.label)}</text>`,
    );
  });
  out.push(
    `<text x="${left}" y="${height - 10}" fill="#555">Each point: its own server on its own database; load average (1 min) min–max while it ran.</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}

const cell = (value: number | null | undefined, unit = '') =>
  value === null || value === undefined ? '–' : `${value}${unit}`;

/** The same figures as a Markdown table, for bench/README.md. */
export function costCurveTable(points: readonly CurvePoint[]): string {
  const header = ['figure', ...points.map((p) => `${users(p.users)} users`)];
  const rows: string[][] = [];
  for (const line of LINES)
    rows.push([
      `${line.label}: p99 / p50 ms`,
      ...points.map((p) => `${cell(p.p99Ms[line.key])} / ${cell(p.p50Ms[line.key])}`),
    ]);
  for (const key of Object.keys(points[0]?.ratioToSql ?? {})) {
    rows.push([`${key}: p50 HTTP / raw SQL`, ...points.map((p) => cell(p.ratioToSql[key], '×'))]);
  }
  rows.push([
    'export: seconds (rows/s)',
    ...points.map((p) => `${cell(p.export.seconds)} (${cell(p.export.rowsPerSecond)})`),
  ]);
  rows.push([
    'export: server RSS growth / peak MB',
    ...points.map((p) => `${cell(p.export.rssGrowthMb)} / ${cell(p.export.rssPeakMb)}`),
  ]);
  rows.push(['redemptions/s (10 in flight)', ...points.map((p) => cell(p.activationsPerSecond))]);
  rows.push([
    'load average (1 min) while measured',
    ...points.map((p) => `${p.loadAverage.min}–${p.loadAverage.max} (mean ${p.loadAverage.mean})`),
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
