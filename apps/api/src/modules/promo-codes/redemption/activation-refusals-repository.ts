import type { ErrorCode } from '@pult/contract';
import type { Db } from '../../../db/client';
import { promoActivationRefusals } from '../../../db/schema';

/** Refused redemptions, for the abuse signal on the dashboard; append-only. */
export const activationRefusalsRepository = {
  record: (db: Db, refusal: { userId: number; ip: string | null; reason: ErrorCode; at: Date }) =>
    db.insert(promoActivationRefusals).values(refusal),
};
