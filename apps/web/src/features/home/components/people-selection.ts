import type { PeopleFigure } from '@pult/contract';

/**
 * One figure of the home screen to list: a KPI card's, or one narrowed to a promo series (the funnel's
 * rows) or a refusal code (the refusals' tags); `label` names the narrowing in the drawer's title.
 * Apart from the drawer (downloaded on its first opening), so the figures that open it do not bring it.
 */
export interface PeopleSelection {
  figure: PeopleFigure;
  seriesId?: number;
  reason?: string;
  label?: string;
}

/** The one string that names a selection: the drawer's key and the key of the figure that opened it. */
export const selectionKey = (selection: PeopleSelection) =>
  [selection.figure, selection.seriesId ?? '', selection.reason ?? ''].join(':');
