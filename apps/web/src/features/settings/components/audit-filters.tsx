import {
  type AuditAction,
  type AuditEntity,
  auditActionName,
  auditActions,
  auditEntities,
  auditEntityName,
} from '@pult/contract';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterActions } from '../../../components/filter-fields';
import type { LocaleId } from '../../../config/theme-config';
import { DATE_FORMATS } from '../../../lib/format';
import type { AuditSearch } from '../lib/audit-search';

interface FilterValues {
  actor: string;
  entity: AuditEntity | null;
  entityId: string;
  action: AuditAction | null;
  period: [Dayjs | null, Dayjs | null] | null;
  request: string;
}

/** The shape of a request id (the API's lib/request-id.ts): anything else would only be refused. */
const REQUEST_ID = /^\s*[A-Za-z0-9._:-]{1,128}\s*$/;

const toValues = (search: AuditSearch): FilterValues => ({
  actor: search.actor ?? '',
  entity: search.entity ?? null,
  entityId: search.entityId ?? '',
  action: search.action ?? null,
  period:
    search.from || search.to ? [search.from ? dayjs(search.from) : null, search.to ? dayjs(search.to) : null] : null,
  request: search.request ?? '',
});

const fromValues = (values: FilterValues): AuditSearch => ({
  actor: values.actor?.trim() || undefined,
  entity: values.entity ?? undefined,
  entityId: values.entityId?.trim() || undefined,
  action: values.action ?? undefined,
  from: values.period?.[0]?.format('YYYY-MM-DD'),
  to: values.period?.[1]?.format('YYYY-MM-DD'),
  // Only an id of the right shape: a choice made while the typed text is still wrong applies without it.
  request: REQUEST_ID.test(values.request ?? '') ? values.request.trim() : undefined,
});

/** Fields typed by hand apply on Enter or «Применить»; choices and dates at once. */
const TYPED: (keyof FilterValues)[] = ['actor', 'entityId', 'request'];
/** Six fields: a row on a wide screen, the buttons below; two or three fields to a row on smaller ones. */
const COL = { xs: 24, sm: 12, lg: 8, xxl: 4 } as const;

/** Options named in the reader's language, in its alphabetical order. */
const choices = (codes: readonly string[], name: (code: string) => string, locale: string) =>
  codes.map((value) => ({ value, label: name(value) })).sort((a, b) => a.label.localeCompare(b.label, locale));

interface Props {
  search: AuditSearch;
  onChange: (search: AuditSearch) => void;
}

/**
 * The audit log's filter bar: who (part of an e-mail), which kind of object and which one, which action,
 * which days. Objects and actions are chosen by their names, never typed as codes.
 */
export const AuditFilters = ({ search, onChange }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const [form] = Form.useForm<FilterValues>();

  useEffect(() => {
    form.setFieldsValue(toValues(search));
  }, [form, search]);

  const apply = () => onChange(fromValues(form.getFieldsValue()));

  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      name="audit-filters"
      initialValues={toValues(search)}
      onFinish={apply}
      onValuesChange={(changed: Partial<FilterValues>) => {
        if (!Object.keys(changed).some((name) => TYPED.includes(name as keyof FilterValues))) apply();
      }}
      className="list-filters audit-filters"
    >
      <Row gutter={16} align="bottom">
        <Col {...COL}>
          <Form.Item name="actor" label={t('settings.audit.actor')}>
            <Input allowClear placeholder={t('settings.audit.actorHint')} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...COL}>
          <Form.Item name="entity" label={t('settings.audit.entity')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('settings.audit.anyEntity')}
              options={choices(auditEntities, (code) => auditEntityName(code, locale), locale)}
            />
          </Form.Item>
        </Col>
        <Col {...COL}>
          <Form.Item name="entityId" label={t('settings.audit.entityId')}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...COL}>
          <Form.Item name="action" label={t('settings.audit.action')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('settings.audit.anyAction')}
              options={choices(auditActions, (code) => auditActionName(code, locale), locale)}
            />
          </Form.Item>
        </Col>
        <Col {...COL}>
          <Form.Item name="period" label={t('settings.audit.dates')}>
            <DatePicker.RangePicker format={DATE_FORMATS[locale]} allowEmpty={[true, true]} />
          </Form.Item>
        </Col>
        <Col {...COL}>
          <Form.Item
            name="request"
            label={t('settings.audit.requestId')}
            rules={[{ pattern: REQUEST_ID, message: t('settings.audit.requestIdInvalid') }]}
          >
            <Input allowClear autoComplete="off" spellCheck={false} placeholder={t('settings.audit.requestIdHint')} />
          </Form.Item>
        </Col>
        <FilterActions
          applyLabel={t('settings.audit.apply')}
          resetLabel={t('settings.audit.reset')}
          onReset={() => {
            // Emptied at once, not when the address has changed: a choice made meanwhile must not bring back the old text.
            form.setFieldsValue(toValues({}));
            onChange({});
          }}
        />
      </Row>
    </Form>
  );
};
