/** Route prefixes of the two halves of the SPA (seed §2). */
export const APP_PREFIX_PATH = '/app';
export const AUTH_PREFIX_PATH = '/auth';
export const HOME_PATH = `${APP_PREFIX_PATH}/home`;
export const LOGIN_PATH = `${AUTH_PREFIX_PATH}/login`;
export const PROFILE_PATH = `${APP_PREFIX_PATH}/profile`;
export const SETTINGS_PATH = `${APP_PREFIX_PATH}/common/settings`;

/** The API and uploaded files live on the same origin as the SPA (the server serves all three). */
export const API_BASE_URL = '/api';
export const FILES_BASE_URL = '/files';

/** localStorage keys. `@user` is the name the seed (§4) gives the stored session. */
export const SESSION_STORAGE_KEY = '@user';
export const THEME_STORAGE_KEY = '@theme';

/** Seed §9: a lazily loaded screen that has not arrived after two minutes counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
