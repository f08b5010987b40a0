import { GiftOutlined, NumberOutlined, ThunderboltOutlined, UserOutlined } from '@ant-design/icons';
import type { Role } from '@pult/contract';
import { createElement, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Ltr } from '../../components/ltr';
import { displayName } from '../../lib/person-name';
import type { ScreenCommand } from '../../lib/screen-commands';
import { rank } from './match';
import { GROUP_ORDER, type PaletteItem, screensFor } from './palette-items';
import type { PaletteSearch } from './use-palette-search';

/** Everything the palette offers for the typed text, grouped in GROUP_ORDER, best match first in each group. */
export const usePaletteItems = (
  text: string,
  search: PaletteSearch,
  commands: readonly ScreenCommand[],
  role: Role | undefined,
): PaletteItem[] => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;

  return useMemo(() => {
    const actions: PaletteItem[] = rank(text, commands, (command) => command.label, locale).map((command) => ({
      key: `action:${command.id}`,
      group: 'actions',
      label: command.label,
      icon: command.icon ?? <ThunderboltOutlined aria-hidden />,
      run: command.run,
    }));

    const screens: PaletteItem[] = rank(text, screensFor(role), (screen) => t(screen.title), locale).map((screen) => ({
      key: `screen:${screen.path}`,
      group: 'screens',
      label: t(screen.title),
      hint: screen.section ? t(screen.section) : undefined,
      icon: screen.icon ? createElement(screen.icon, { 'aria-hidden': true }) : undefined,
      run: () => navigate(screen.path),
    }));

    const found = search.code;
    const codes: PaletteItem[] = found
      ? [
          {
            key: `code:${found.code.value}`,
            group: 'codes',
            label: found.code.value,
            hint: `${found.series.name} · ${t(`palette.codeStatus.${found.code.status}`)}`,
            icon: <NumberOutlined aria-hidden />,
            ltr: true,
            run: () => navigate(`/app/promo-codes/${found.series.id}?code=${encodeURIComponent(found.code.value)}`),
          },
        ]
      : [];

    const users: PaletteItem[] = search.users.map((user) => {
      const name = displayName(user);
      return {
        key: `user:${user.id}`,
        group: 'users',
        label: user.email,
        hint:
          name !== user.email || user.phoneNumber ? (
            <>
              {name === user.email ? null : name}
              {name !== user.email && user.phoneNumber ? ' · ' : null}
              {user.phoneNumber ? <Ltr>{user.phoneNumber}</Ltr> : null}
            </>
          ) : undefined,
        icon: <UserOutlined aria-hidden />,
        ltr: true,
        run: () => navigate(`/app/users/${user.id}`),
      };
    });

    const series: PaletteItem[] = search.series.map((item) => ({
      key: `series:${item.id}`,
      group: 'series',
      label: item.name,
      hint: item.planTitle,
      icon: <GiftOutlined aria-hidden />,
      run: () => navigate(`/app/promo-codes/${item.id}`),
    }));

    const byGroup = { actions, codes, screens, users, series };
    return GROUP_ORDER.flatMap((group) => byGroup[group]);
  }, [text, search.code, search.users, search.series, commands, role, t, locale, navigate]);
};
