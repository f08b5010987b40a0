import { type Plan, planPeriods } from '@pult/contract';
import { Alert, Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { EditWithHistory } from '../../../components/edit-with-history';
import { PresenceBar } from '../../../components/presence-bar';
import { describeError, errorCodeOf, fieldErrorsOf } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRecordPresence } from '../../../lib/presence';
import { planKeys } from '../../../lib/resources/plans';
import { useTheme } from '../../../lib/theme-store';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useVersionConflict } from '../../../lib/use-version-conflict';
import {
  loadPlanRevisions,
  planRevisionsKey,
  restorePlanRevision,
  useCreatePlan,
  useUpdatePlan,
  useUploadPlanIcon,
} from '../api/plan-mutations';
import {
  durationForPeriod,
  durationRange,
  emptyPlanForm,
  isDurationValid,
  PLAN_FIELD_LABELS,
  PLAN_FIELD_VALUES,
  type PlanFormValues,
  type PlanPeriod,
  planChanges,
  planConflictFields,
  planToFormValues,
  toCreateBody,
  validatePlanForm,
} from '../lib/plan-form';
import { PlanIconField } from './plan-icon-field';

interface Props {
  open: boolean;
  /** The plan to edit; null creates one. */
  plan: Plan | null;
  /** Admins change price, period and duration (the commercial terms); editors texts and the icon. */
  canEditTerms: boolean;
  onClose: () => void;
}

const DRAWER_WIDTH = 520;

/** The API's field → the form's, where they differ: the form edits roubles, the API takes kopecks. */
const FORM_FIELDS = { price: 'priceRoubles' };

/** The icon's refusals say what the plan icon may be, rather than the general file messages. */
const ICON_ERRORS = {
  FILE_TYPE_UNSUPPORTED: 'subscriptions.form.iconType',
  UNSUPPORTED_MEDIA_TYPE: 'subscriptions.form.iconType',
  FILE_TOO_LARGE: 'subscriptions.form.iconSize',
  PAYLOAD_TOO_LARGE: 'subscriptions.form.iconSize',
} as const;

/** Create or edit a plan. Mounted afresh for each opening (the parent keys it), so it starts clean. */
export const PlanDrawer = ({ open, plan, canEditTerms, onClose }: Props) => {
  const { t } = useTranslation();
  const { locale, direction } = useTheme();
  const { message } = useFeedback();
  const [form] = Form.useForm<PlanFormValues>();
  // After a create whose icon failed, the drawer goes on editing the plan that now exists.
  const [current, setCurrent] = useState<Plan | null>(plan);
  const [pendingIcon, setPendingIcon] = useState<File | null>(null);
  const [iconError, setIconError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  // Only while open: a closed drawer has nothing left to lose (closing it is the user's «discard»).
  const releaseChanges = useUnsavedChanges(open && (touched || pendingIcon !== null));
  const createPlan = useCreatePlan();
  const updatePlan = useUpdatePlan();
  const uploadIcon = useUploadPlanIcon();
  const title = Form.useWatch('title', form);
  const period = Form.useWatch('period', form) ?? 'month';
  const range = durationRange(period);
  const termsLocked = !canEditTerms;
  const saving = createPlan.isPending || updatePlan.isPending || (uploadIcon.isPending && !current);
  // The open drawer of an existing plan is its form: it takes the soft edit lock while open.
  const presence = useRecordPresence('plan', open ? current?.id : undefined, true);

  const sendIcon = async (id: number, file: File): Promise<Plan | null> => {
    setIconError(null);
    try {
      const saved = await uploadIcon.mutateAsync({ id, file });
      setPendingIcon(null);
      setCurrent(saved);
      return saved;
    } catch (error) {
      setPendingIcon(null);
      setIconError(describeError(error, t, ICON_ERRORS));
      return null;
    }
  };

  const pickIcon = (file: File) => {
    setIconError(null);
    setPendingIcon(file);
    if (current) {
      void sendIcon(current.id, file).then((saved) => {
        if (saved) message.success(t('subscriptions.form.iconUploaded'));
      });
    }
  };

  // Field codes go next to their fields. A refusal with a code of its own (a taken title) says its
  // sentence there instead of the field code's terse word; one without fields is a message.
  const showServerError = (error: unknown) => {
    if (!applyServerErrors(form, error, t, FORM_FIELDS)) {
      message.error(describeError(error, t));
      return;
    }
    if (errorCodeOf(error) === 'VALIDATION_FAILED') return;
    const sentence = describeError(error, t);
    const isField = (name: string): name is keyof PlanFormValues => name in form.getFieldsValue(true);
    const named = fieldErrorsOf(error, t, FORM_FIELDS).flatMap(({ name }) => (isField(name) ? [name] : []));
    form.setFields(named.map((name) => ({ name, errors: [sentence] })));
  };

  const submit = async (values: PlanFormValues) => {
    const problems = validatePlanForm(values);
    const names = Object.keys(problems) as (keyof PlanFormValues)[];
    if (names.length > 0) {
      form.setFields(
        names.map((name) => ({
          name,
          errors: [
            problems[name] === 'durationMismatch'
              ? t('subscriptions.form.durationMismatch', { min: range.min, max: range.max })
              : t('subscriptions.form.invalid'),
          ],
        })),
      );
      return;
    }
    try {
      if (!current) {
        const created = await createPlan.mutateAsync(toCreateBody(values));
        if (pendingIcon && !(await sendIcon(created.id, pendingIcon))) {
          setCurrent(created);
          message.warning(t('subscriptions.form.createdWithoutIcon', { title: created.title }));
          return;
        }
        message.success(t('subscriptions.form.created', { title: created.title }));
        releaseChanges();
        onClose();
        return;
      }
      await saveChanges(current, values, current.version);
    } catch (error) {
      if (!versionConflict.catchStale(error, values)) showServerError(error);
    }
  };

  /**
   * Sends what the person changed from `base` (the plan as the form opened it) over `version`: after a
   * conflict, «keep mine» sends the same changes over the newer version, so fields only the other person
   * changed keep their value.
   */
  const saveChanges = async (base: Plan, values: PlanFormValues, version: number) => {
    const changes = planChanges(base, values, canEditTerms);
    if (Object.keys(changes).length > 0) {
      await updatePlan.mutateAsync({ id: base.id, changes, version });
      message.success(t('subscriptions.form.saved'));
    }
    versionConflict.close();
    releaseChanges();
    onClose();
  };
  const versionConflict = useVersionConflict<Plan, PlanFormValues>();
  const { conflict } = versionConflict;
  const conflictRows = conflict
    ? planConflictFields(conflict.values, planToFormValues(conflict.now), (field) =>
        t(PLAN_FIELD_LABELS[field] ?? field),
      )
    : [];

  const onValuesChange = (changed: Partial<PlanFormValues>) => {
    setTouched(true);
    if (changed.period) {
      const days = form.getFieldValue('durationDays') as number | null;
      form.setFieldsValue({ durationDays: durationForPeriod(changed.period, days) });
      void form.validateFields(['durationDays']);
    }
  };

  const planForm = (
    <Form<PlanFormValues>
      form={form}
      layout="vertical"
      name="plan"
      initialValues={plan ? planToFormValues(plan) : emptyPlanForm()}
      onFinish={submit}
      onValuesChange={onValuesChange}
      disabled={saving}
      requiredMark="optional"
    >
      <Form.Item
        name="title"
        label={t('subscriptions.form.title')}
        rules={[{ required: true, whitespace: true }, { max: 100 }]}
      >
        <Input maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('subscriptions.form.description')} rules={[{ max: 2000 }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} showCount />
      </Form.Item>
      {termsLocked ? (
        <Alert type="info" showIcon className="plan-terms-note" title={t('subscriptions.form.adminOnly')} />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="priceRoubles"
            label={t('subscriptions.form.price')}
            rules={[{ required: true }, { type: 'number', min: 0, max: 1_000_000 }]}
          >
            <InputNumber<number>
              min={0}
              max={1_000_000}
              precision={2}
              decimalSeparator={locale === 'ru' || locale === 'fr' ? ',' : '.'}
              suffix="₽"
              className="full-width"
              disabled={termsLocked || saving}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="period" label={t('subscriptions.form.period')} rules={[{ required: true }]}>
            <Select<PlanPeriod>
              disabled={termsLocked || saving}
              options={planPeriods.map((value) => ({ value, label: t(`subscriptions.period.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          {/* A lifetime plan's 36 500 days are a marker, not a term anyone chooses: it reads «бессрочно». */}
          {period === 'lifetime' ? (
            <Form.Item label={t('subscriptions.form.duration')} htmlFor="plan-duration-lifetime" required>
              <Input id="plan-duration-lifetime" value={t('duration.lifetime')} disabled />
            </Form.Item>
          ) : null}
          <Form.Item
            name="durationDays"
            hidden={period === 'lifetime'}
            label={t('subscriptions.form.durationDays')}
            dependencies={['period']}
            extra={t('subscriptions.form.durationHint', { min: range.min, max: range.max })}
            rules={[
              { required: true },
              // Reads the period from the form, not from this render: it may have changed a moment ago.
              ({ getFieldValue }) => ({
                validator: async (_rule, value: number | null) => {
                  const current = getFieldValue('period') as PlanPeriod;
                  if (value === null || value === undefined || isDurationValid(current, value)) return;
                  const { min, max } = durationRange(current);
                  throw new Error(t('subscriptions.form.durationMismatch', { min, max }));
                },
              }),
            ]}
          >
            <InputNumber<number>
              min={1}
              max={36500}
              precision={0}
              className="full-width"
              disabled={termsLocked || saving}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="sortOrder"
            label={t('subscriptions.form.sortOrder')}
            extra={t('subscriptions.form.sortOrderHint')}
          >
            <InputNumber<number> min={0} max={10_000} precision={0} className="full-width" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="features"
        label={t('subscriptions.form.features')}
        extra={t('subscriptions.form.featuresHint')}
        rules={[
          {
            validator: async (_rule, value: string[] | undefined) => {
              if ((value ?? []).length > 20) throw new Error(t('subscriptions.form.featuresTooMany'));
              if ((value ?? []).some((feature) => feature.length > 200))
                throw new Error(t('subscriptions.form.featureTooLong'));
            },
          },
        ]}
      >
        <Select<string[]> mode="tags" open={false} suffixIcon={null} tokenSeparators={['\n']} />
      </Form.Item>
      <PlanIconField
        plan={{ icon: current?.icon ?? null, title: title || current?.title || '' }}
        pending={pendingIcon}
        uploading={uploadIcon.isPending}
        error={iconError}
        onPick={pickIcon}
      />
    </Form>
  );

  return (
    <Drawer
      title={current ? t('subscriptions.form.editTitle') : t('subscriptions.form.createTitle')}
      size={DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      placement={direction === 'rtl' ? 'left' : 'right'}
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('subscriptions.form.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {current ? t('subscriptions.form.save') : t('subscriptions.form.create')}
          </Button>
        </Flex>
      }
    >
      {current ? <PresenceBar presence={presence} canTakeOver /> : null}
      <EditWithHistory
        edit={planForm}
        history={
          current && {
            queryKey: planRevisionsKey(current.id),
            invalidateKey: planKeys.all,
            load: (signal) => loadPlanRevisions(current.id, signal),
            restore: (revisionId) => restorePlanRevision(current.id, revisionId),
            fieldLabel: (field) => t(PLAN_FIELD_LABELS[field] ?? field),
            fieldValues: PLAN_FIELD_VALUES,
          }
        }
      />
      {conflict ? (
        <ConflictDialog
          open
          fields={conflictRows}
          fieldValues={PLAN_FIELD_VALUES}
          saving={updatePlan.isPending}
          onCancel={versionConflict.close}
          onTakeTheirs={() => {
            setCurrent(conflict.now);
            form.setFieldsValue(planToFormValues(conflict.now));
            versionConflict.close();
          }}
          onKeepMine={() => {
            if (current)
              versionConflict.keepMine(({ now, values }) => saveChanges(current, values, now.version), showServerError);
          }}
        />
      ) : null}
    </Drawer>
  );
};
