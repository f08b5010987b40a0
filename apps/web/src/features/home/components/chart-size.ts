/**
 * The drawing area of each chart (its legend included), shared by the charts and their stand-ins. A module
 * of its own: the charts' chunk imports nothing of antd's components (see dashboard-charts.tsx).
 */
export const CHART_HEIGHT = { trend: 260, byPlan: 240, newBySource: 240, waterfall: 220 } as const;

/**
 * The MRR card's figures and the line above its waterfall, as drawn 1280–1599 px wide (the figures in one
 * row of six): its stand-in is that much taller than the waterfall, so the cards below stay put (172 px,
 * measured from the layout shift the shorter stand-in made).
 */
export const MRR_FIGURES_HEIGHT = 172;
