import type { CreatePlanBody, UpdatePlanBody } from '@pult/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useInvalidatePlans } from '../../../lib/resources/plans';

/**
 * The changes to a plan. Each one invalidates `['plans']`, so every view of plans (this screen, the
 * grant dialog, the promo series form) reloads and none keeps offering a plan as it was.
 */

/** Admin only. A title taken case-insensitively answers 409 PLAN_TITLE_TAKEN with `errors.title`. */
export const useCreatePlan = () => {
  const invalidatePlans = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => api.plans.create({ body }),
    onSuccess: () => invalidatePlans(),
  });
};

/** Editors may send texts only; price, currency, period and duration are admin-only (403 ADMIN_ONLY_FIELDS). */
export const useUpdatePlan = () => {
  const invalidatePlans = useInvalidatePlans();
  return useMutation({
    /** `version`: the plan's version the form was opened on, sent as If-Match (a stale one: 412). */
    mutationFn: ({ id, changes, version }: { id: number; changes: UpdatePlanBody; version?: number }) =>
      api.plans.update({ params: { id }, body: changes }, { ifMatch: version }),
    onSuccess: () => invalidatePlans(),
  });
};

export type PlanAction = 'enable' | 'disable';

/** Admin only. A disabled plan can no longer be granted or sold. */
export const useManagePlan = () => {
  const invalidatePlans = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PlanAction }) => api.plans.manage({ params: { id, action } }),
    onSuccess: () => invalidatePlans(),
  });
};

/** PNG, JPEG or WebP up to 1 MB: anything else 415 FILE_TYPE_UNSUPPORTED, too big 413 FILE_TOO_LARGE. */
export const useUploadPlanIcon = () => {
  const invalidatePlans = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: Blob }) => api.plans.uploadIcon({ params: { id }, file }),
    onSuccess: () => invalidatePlans(),
  });
};

/** A plan's «История», under the plan's own key. */
export const planRevisionsKey = (id: number) => ['plans', 'one', id, 'revisions'] as const;
export const loadPlanRevisions = (id: number, signal: AbortSignal) =>
  api.plans.revisions({ params: { id } }, { signal });
export const restorePlanRevision = (id: number, revisionId: number) =>
  api.plans.restoreRevision({ params: { id, revisionId } });
