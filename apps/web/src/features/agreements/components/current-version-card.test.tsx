// @vitest-environment jsdom
import type { Agreement } from '@pult/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, addScreenTexts, initI18n } from '../../../lib/i18n';
import { CurrentVersionCard } from './current-version-card';

beforeAll(async () => {
  await initI18n('ru');
  await addScreenTexts('ru');
  await addFeatureTexts(['agreements'], 'ru');
});
afterEach(cleanup);

const TITLE = 'Согласие на обработку персональных данных';
const version = (content: string): Agreement => ({
  id: 1,
  type: 'personal-data-consent',
  version: 3,
  title: TITLE,
  content,
  contentHash: 'a'.repeat(64),
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: null,
});

describe('the current version card', () => {
  // The first antd render in jsdom compiles its styles, which takes seconds on a small machine.
  it('shows the title once when the text starts with it as a heading', { timeout: 30_000 }, () => {
    render(<CurrentVersionCard current={version(`# ${TITLE}\n\nРедакция 3.\n\n## Общие положения\n\nТекст.`)} />);
    expect(screen.getAllByText(TITLE)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Общие положения' })).toBeTruthy();
    expect(screen.getByText('Редакция 3.')).toBeTruthy();
  });

  it('keeps a first heading that says something else', { timeout: 30_000 }, () => {
    render(<CurrentVersionCard current={version('# Общие положения\n\nТекст.')} />);
    expect(screen.getAllByText(TITLE)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Общие положения' })).toBeTruthy();
  });
});
