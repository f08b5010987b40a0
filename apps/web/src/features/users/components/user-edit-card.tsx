import { SaveOutlined } from '@ant-design/icons';
import type { User } from '@pult/contract';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { PresenceBar } from '../../../components/presence-bar';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { applyServerErrors } from '../../../lib/form-errors';
import { useRecordPresence } from '../../../lib/presence';
import { staleRecordOf } from '../../../lib/stale-version';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useUpdateUser } from '../api/update-user';
import {
  toUpdateBody,
  USER_FIELD_LABELS,
  USER_FIELD_VALUES,
  type UserFormValues,
  userConflictFields,
  userToForm,
} from '../user-form';
import { UserFormFields } from './user-form-fields';

/** The user's data: editable for admins, the same fields read-only for editors (no save rendered). */
export const UserEditCard = ({ user, canEdit }: { user: User; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<UserFormValues>();
  const update = useUpdateUser();
  const [touched, setTouched] = useState(false);
  const releaseChanges = useUnsavedChanges(touched);
  // The user the form shows: its version goes with the save (If-Match), its values are what changed from.
  const [base, setBase] = useState(user);
  const [conflict, setConflict] = useState<{ now: User; values: UserFormValues } | null>(null);
  // An admin has the user's form open (the soft edit lock); an editor only looks at the user.
  const presence = useRecordPresence('user', user.id, canEdit);

  // A manage action or a grant changes the user under the form: show the server's copy, unless typing.
  useEffect(() => {
    if (form.isFieldsTouched()) return;
    form.setFieldsValue(userToForm(user));
    setBase(user);
  }, [form, user]);

  // Saving does not disable the fields: a disabled field drops the focus to the page, so Enter in a field
  // left a keyboard user nowhere. A second Enter while saving is ignored instead.
  const submit = (values: UserFormValues, version = base.version) => {
    if (update.isPending) return;
    update.mutate(
      // Only what the person changed from the user they saw: after a conflict, their changes go over the newer version.
      { id: user.id, body: toUpdateBody(values, base), version },
      {
        onSuccess: (saved) => {
          setConflict(null);
          setBase(saved);
          releaseChanges();
          setTouched(false);
          message.success(t('users.form.saved'));
          // The saved values, marked untouched. Not resetFields(): it mounts every field anew, and the
          // field Enter was pressed in would lose the focus to the page.
          const values = userToForm(saved);
          form.setFields(
            (Object.keys(values) as (keyof UserFormValues)[]).map((name) => ({
              name,
              value: values[name],
              touched: false,
              errors: [],
            })),
          );
        },
        onError: (error) => {
          const now = staleRecordOf<User>(error);
          if (now) return setConflict({ now, values });
          // The field gets its code's text; the message says why in this screen's terms (e-mail taken, own role).
          applyServerErrors(form, error, t);
          message.error(describeError(error, t));
        },
      },
    );
  };

  return (
    <Card className="user-card" title={t('users.page.details')}>
      <PresenceBar presence={presence} canTakeOver={canEdit} />
      {canEdit ? null : <Alert type="info" showIcon className="users-error" title={t('users.page.readOnly')} />}
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        name="edit-user"
        initialValues={userToForm(user)}
        onFinish={submit}
        onValuesChange={() => setTouched(true)}
        disabled={!canEdit}
        requiredMark={canEdit}
      >
        <UserFormFields mode="edit" readOnly={!canEdit} />
        {canEdit ? (
          <Flex justify="end">
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
              {t('users.form.save')}
            </Button>
          </Flex>
        ) : null}
      </Form>
      {conflict ? (
        <ConflictDialog
          open
          fields={userConflictFields(conflict.values, userToForm(conflict.now), (field) =>
            t(USER_FIELD_LABELS[field] ?? field),
          )}
          fieldValues={USER_FIELD_VALUES}
          saving={update.isPending}
          onCancel={() => setConflict(null)}
          onTakeTheirs={() => {
            setBase(conflict.now);
            form.setFieldsValue(userToForm(conflict.now));
            setTouched(false);
            setConflict(null);
          }}
          onKeepMine={() => submit(conflict.values, conflict.now.version)}
        />
      ) : null}
    </Card>
  );
};
