import { Button, Drawer, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateUser } from '../api/create-user';
import { emptyUserForm, toCreateBody, type UserFormValues } from '../user-form';
import { UserFormFields } from './user-form-fields';

/** antd gives the <form> its name as id. */
const FORM_ID = 'create-user';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** «Новый пользователь»: the contract checks the form before sending, the server's field errors land on fields. */
export const CreateUserDrawer = ({ open, onClose }: Props) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<UserFormValues>();
  const create = useCreateUser();

  const submit = (values: UserFormValues) => {
    // The fields stay enabled while saving (a disabled field drops the focus to the page); a second Enter waits.
    if (create.isPending) return;
    const body = toCreateBody(values, form, t);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (user) => {
        message.success(t('users.create.done', { email: user.email }));
        form.resetFields();
        onClose();
      },
      onError: (error) => {
        // The field gets its code's text; the message says why in this screen's terms (e-mail taken, own role).
        applyServerErrors(form, error, t);
        message.error(describeError(error, t));
      },
    });
  };

  return (
    <Drawer
      title={t('users.create.title')}
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('users.form.cancel')}</Button>
          {/* The form's own submit button (HTML `form`), though drawn in the footer: Enter in a field creates. */}
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={create.isPending}>
            {t('users.create.submit')}
          </Button>
        </Flex>
      }
    >
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        name={FORM_ID}
        initialValues={emptyUserForm()}
        onFinish={submit}
      >
        <UserFormFields mode="create" />
      </Form>
    </Drawer>
  );
};
