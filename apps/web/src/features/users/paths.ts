import { APP_PREFIX_PATH } from '../../config/app-config';

export const USERS_PATH = `${APP_PREFIX_PATH}/users`;
export const userPath = (id: number) => `${USERS_PATH}/${id}`;
