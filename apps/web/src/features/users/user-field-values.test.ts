import { beforeAll, describe, expect, it } from 'vitest';
import { addFeatureTexts, i18n, initI18n } from '../../lib/i18n';
import { fieldValue, shownChanges } from '../../lib/revision-values';
import { emptyUserForm, USER_FIELD_VALUES, userConflictFields } from './user-form';

beforeAll(async () => {
  await initI18n('ru');
  await addFeatureTexts(['users'], 'ru');
});

const reader = () => ({ t: i18n.t.bind(i18n), locale: 'ru' as const });

describe('a user’s history and conflict dialog read as the users screen', () => {
  it('shows the role and status in words and the photo by its file', () => {
    const shown = shownChanges(
      [
        { field: 'role', before: 'user', after: 'editor' },
        { field: 'status', before: 'active', after: 'blocked' },
        { field: 'avatar', before: null, after: 'avatars/7c1e.webp' },
      ],
      USER_FIELD_VALUES,
      reader(),
    );
    expect(shown.map(({ before, after }) => `${before} → ${after}`)).toEqual([
      'Пользователь → Редактор',
      'Активен → Заблокирован',
      '— → 7c1e.webp',
    ]);
  });

  it('shows the role in the conflict dialog in words, a cleared phone as a dash', () => {
    const mine = { ...emptyUserForm(), email: 'a@pult.test', role: 'admin' as const };
    const theirs = { ...emptyUserForm(), email: 'a@pult.test', phoneNumber: '+79161234567' };
    const rows = userConflictFields(mine, theirs, (field) => field).map((row) => [
      fieldValue(row.name, row.mine, USER_FIELD_VALUES, reader()),
      fieldValue(row.name, row.theirs, USER_FIELD_VALUES, reader()),
    ]);
    expect(rows).toEqual([
      ['—', '+79161234567'],
      ['Администратор', 'Пользователь'],
    ]);
  });
});
