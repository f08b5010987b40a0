// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { featureScreen } from './screens';

beforeAll(async () => {
  await initI18n('ru');
});
afterEach(cleanup);

const Drawn = vi.fn();
const UsersTitle = () => {
  const { t } = useTranslation();
  const title = t('users.title');
  Drawn(title);
  return <h1>{title}</h1>;
};

describe('featureScreen', () => {
  it('draws only once the features it declares have their texts', async () => {
    expect(i18n.exists('users.title')).toBe(false);
    const Screen = featureScreen('users', ['users'], async () => ({ default: UsersTitle }));
    render(<Screen />);
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeTruthy();
    expect(Drawn.mock.calls.map(([title]) => title)).not.toContain('users.title');
  });
});
