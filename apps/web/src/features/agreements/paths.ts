import type { AgreementType } from '@pult/contract';
import { APP_PREFIX_PATH } from '../../config/app-config';

/** Each document's screen; the consent has no menu entry of its own and is reached from the other two. */
export const AGREEMENT_PATHS: Record<AgreementType, string> = {
  'privacy-policy': `${APP_PREFIX_PATH}/common/privacy-policy`,
  'user-agreement': `${APP_PREFIX_PATH}/common/user-agreement`,
  'personal-data-consent': `${APP_PREFIX_PATH}/common/personal-data-consent`,
};
