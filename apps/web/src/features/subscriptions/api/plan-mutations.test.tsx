// @vitest-environment jsdom
import type { Plan } from '@pult/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { planKeys } from '../../../lib/resources/plans';
import { useCreatePlan, useManagePlan, useUpdatePlan, useUploadPlanIcon } from './plan-mutations';

const plan: Plan = {
  id: 7,
  title: 'Годовая подписка',
  description: '',
  price: 199000,
  currency: 'RUB',
  period: 'year',
  durationDays: 365,
  features: [],
  icon: null,
  enabled: false,
  sortOrder: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
};

vi.mock('../../../lib/api', () => ({
  api: {
    plans: {
      create: vi.fn(async () => plan),
      update: vi.fn(async () => plan),
      manage: vi.fn(async () => plan),
      uploadIcon: vi.fn(async () => plan),
    },
  },
}));

/** Two views' caches of plans, as the plans screen and the grant dialog hold them. */
const setup = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(planKeys.list(), { items: [{ ...plan, enabled: true }], count: 1 });
  queryClient.setQueryData(planKeys.one(plan.id), { ...plan, enabled: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
};

type Wrapper = ({ children }: { children: ReactNode }) => ReactNode;

/** Renders one mutation hook and runs it once. */
const runs: [string, (wrapper: Wrapper) => Promise<unknown>][] = [
  [
    'create',
    async (wrapper) => {
      const { result } = renderHook(() => useCreatePlan(), { wrapper });
      await act(() => result.current.mutateAsync({ title: 'Новый', price: 100, period: 'month', durationDays: 30 }));
    },
  ],
  [
    'update',
    async (wrapper) => {
      const { result } = renderHook(() => useUpdatePlan(), { wrapper });
      await act(() => result.current.mutateAsync({ id: plan.id, changes: { title: 'Другое' } }));
    },
  ],
  [
    'enable/disable',
    async (wrapper) => {
      const { result } = renderHook(() => useManagePlan(), { wrapper });
      await act(() => result.current.mutateAsync({ id: plan.id, action: 'disable' }));
    },
  ],
  [
    'icon upload',
    async (wrapper) => {
      const { result } = renderHook(() => useUploadPlanIcon(), { wrapper });
      await act(() => result.current.mutateAsync({ id: plan.id, file: new Blob(['x']) }));
    },
  ],
];

describe('every change to a plan refreshes every view of plans', () => {
  it.each(runs)('%s marks every cached plans query stale', async (_name, run) => {
    const { queryClient, wrapper } = setup();
    await run(wrapper);
    expect(queryClient.getQueryState(planKeys.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(planKeys.one(plan.id))?.isInvalidated).toBe(true);
  });
});
