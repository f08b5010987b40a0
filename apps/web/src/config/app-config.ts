/** Route prefixes of the two halves of the SPA. */
export const APP_PREFIX_PATH = '/app';
export const AUTH_PREFIX_PATH = '/auth';
export const HOME_PATH = `${APP_PREFIX_PATH}/home`;
export const LOGIN_PATH = `${AUTH_PREFIX_PATH}/login`;
export const PROFILE_PATH = `${APP_PREFIX_PATH}/profile`;
export const SETTINGS_PATH = `${APP_PREFIX_PATH}/common/settings`;

/** The API and uploaded files live on the same origin as the SPA (the server serves all three). */
export const API_BASE_URL = '/api';
export const FILES_BASE_URL = '/files';

/** localStorage keys. `@user` is the stored session's name, kept so existing sign-ins survive an upgrade. */
export const SESSION_STORAGE_KEY = '@user';
export const THEME_STORAGE_KEY = '@theme';

/** A lazily loaded screen that has not arrived after two minutes counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
