import { SearchOutlined } from '@ant-design/icons';
import type { ActivatedCode } from '@pult/contract';
import { Flex, Input, Segmented, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ltr } from '../../../components/ltr';
import { PagedTable } from '../../../components/paged-table';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime } from '../../../lib/format';
import { pagingParams } from '../../../lib/url-params';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUrlState } from '../../../lib/use-url-state';
import { useActivatedCodes } from '../api/promo-codes';
import { ACTIVATED_DEFAULTS, type ActivatedStatus } from '../lib/activated-query';
import { CodeStatusTag } from './code-status-tag';

type StatusFilter = 'all' | ActivatedStatus;

const activatedPaging = pagingParams({ defaultTake: ACTIVATED_DEFAULTS.take });

/**
 * The used and blocked codes: who activated each (a link to the user), search by code, e-mail or
 * phone. No «Заблокировать» here: a used code's subscription is given already (lib/code-actions.ts).
 */
export const ActivatedCodesTab = ({ seriesId }: { seriesId: number }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [paging, setPaging] = useUrlState(activatedPaging, { replace: true });
  const search = useDebouncedValue(text.trim(), 400);
  const codes = useActivatedCodes(seriesId, {
    ...paging,
    text: search,
    statuses: status === 'all' ? [] : [status],
  });

  const columns: TableColumnsType<ActivatedCode> = [
    {
      key: 'value',
      title: t('promoCodes.fields.code'),
      render: (_, code) => (
        <Typography.Text className="promo-mono" copyable={{ text: code.value }}>
          {code.value}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('promoCodes.fields.status'),
      render: (_, code) => <CodeStatusTag status={code.status} />,
    },
    {
      key: 'user',
      title: t('promoCodes.activated.user'),
      render: (_, code) =>
        code.activatedBy ? (
          <Flex vertical>
            <Link to={`/app/users/${code.activatedBy.id}`}>
              <Ltr>{code.activatedBy.email}</Ltr>
            </Link>
            {code.activatedBy.phoneNumber ? (
              <Typography.Text type="secondary">
                <Ltr>{code.activatedBy.phoneNumber}</Ltr>
              </Typography.Text>
            ) : null}
          </Flex>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'activatedAt',
      title: t('promoCodes.fields.activatedAt'),
      render: (_, code) => <span className="promo-nowrap">{formatDateTime(code.activatedAt, locale)}</span>,
    },
    {
      key: 'blockedAt',
      title: t('promoCodes.fields.blockedAt'),
      render: (_, code) => <span className="promo-nowrap">{formatDateTime(code.blockedAt, locale)}</span>,
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex gap="middle" wrap align="center">
        <Input
          className="promo-filter-name"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('promoCodes.activated.search')}
          aria-label={t('promoCodes.activated.search')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPaging({ page: 1 });
          }}
        />
        <Segmented<StatusFilter>
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPaging({ page: 1 });
          }}
          options={[
            { value: 'all', label: t('promoCodes.activated.all') },
            { value: 'activated', label: t('promoCodes.activated.onlyActivated') },
            { value: 'blocked', label: t('promoCodes.activated.onlyBlocked') },
          ]}
        />
      </Flex>
      <PagedTable<ActivatedCode>
        listKey="promo-codes-activated"
        rowKey="value"
        size="middle"
        columns={columns}
        scroll={{ x: 800 }}
        list={codes}
        paging={paging}
        onPage={setPaging}
        total={(total) => t('promoCodes.list.total', { count: codes.data?.count ?? 0, total })}
        empty={{ text: t('promoCodes.list.nothingFound') }}
        errorTitle={t('promoCodes.codes.loadFailed')}
      />
    </Flex>
  );
};
