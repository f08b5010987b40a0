import { notFound } from '../../lib/http-errors';

export const seriesNotFound = () => notFound('SERIES_NOT_FOUND', 'Promo series not found');
/** Also for a code of another series: the path names the series. */
export const codeNotFound = () => notFound('CODE_NOT_FOUND', 'No such code in this series');
export const codeNotFoundAnywhere = () => notFound('CODE_NOT_FOUND', 'No series has this code');
