// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { type BulkRun, BulkRunDialog, type BulkRunReport } from './bulk-run-dialog';

beforeAll(async () => {
  await initI18n('ru');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ru');
});

const emailOf = (id: number) => `user${id}@pult.test`;

/** A dry run where `done` rows change, one is already so and one is refused. */
const previewOf = (done: number): BulkRunReport<number> => ({
  dryRun: true,
  results: [
    ...Array.from({ length: done }, (_, i) => ({ id: i + 1, outcome: 'done' as const })),
    { id: 100, outcome: 'unchanged' },
    { id: 101, outcome: 'refused', code: 'SELF_CHANGE' },
  ],
  summary: { done, unchanged: 1, refused: 1, notFound: 0 },
});

const request = (done: number): BulkRun<number> => ({
  title: 'Заблокировать пользователей',
  okText: 'Заблокировать',
  run: vi.fn(async () => previewOf(done)),
  label: emailOf,
  onDone: () => undefined,
});

describe('the bulk preview', () => {
  // The first antd render in jsdom compiles its styles, which takes seconds on a small machine.
  it('names whom the change concerns, not only how many', { timeout: 30_000 }, async () => {
    render(<BulkRunDialog request={request(2)} onClose={() => undefined} />);
    const changed = await screen.findByTestId('bulk-changed');
    expect(changed.textContent).toBe('user1@pult.test и user2@pult.test');
    // The unchanged and refused rows are not among them.
    expect(changed.textContent).not.toContain('user100');
    expect(changed.textContent).not.toContain('user101');
  });

  it('names the first five and counts the rest', { timeout: 30_000 }, async () => {
    render(<BulkRunDialog request={request(8)} onClose={() => undefined} />);
    const changed = await screen.findByTestId('bulk-changed');
    expect(changed.textContent).toBe(
      'user1@pult.test, user2@pult.test, user3@pult.test, user4@pult.test, user5@pult.test и ещё 3',
    );
  });

  it('says it in the language shown', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('en');
    render(<BulkRunDialog request={request(7)} onClose={() => undefined} />);
    const changed = await screen.findByTestId('bulk-changed');
    expect(changed.textContent).toMatch(/user5@pult\.test,? and 2 more$/);
  });
});
