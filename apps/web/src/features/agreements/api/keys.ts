import { resourceKeys } from '../../../lib/resources/keys';

export const agreementKeys = {
  ...resourceKeys('agreements'),
  /** What one user accepted: under `agreements`, so publishing a version refreshes it. */
  consents: (userId: number) => ['agreements', 'consents', userId] as const,
};
