import { constants } from 'node:zlib';

/** Brotli first, gzip for the rest; whichever the client prefers of the two. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/**
 * How hard the API compresses, in one place. Answers (JSON mostly): brotli at quality 4 and gzip 6,
 * where per request the fast levels give nearly all of the gain (the SPA's files are compressed once,
 * at build, at the best level instead).
 */
export const API_COMPRESSION = {
  encodings: ENCODINGS,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/**
 * CSV exports stream hundreds of megabytes: at the levels above, compressing a 1M-user export cost
 * most of the server's CPU. The fastest levels still shrink CSV several times over, for a fraction of
 * the CPU (docs/decisions/0024).
 */
export const STREAMED_EXPORT_COMPRESSION = {
  encodings: ENCODINGS,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};
