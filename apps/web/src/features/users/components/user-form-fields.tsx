import { roles } from '@pult/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule, passwordRequiredRule } from '../user-form';

interface Props {
  mode: 'create' | 'edit';
  /** Editors see the data without the password box (there is nothing to read in it). */
  readOnly?: boolean;
}

/** The user's fields, shared by the create drawer and the user page. */
export const UserFormFields = ({ mode, readOnly = false }: Props) => {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('users.form.email')}
          name="email"
          rules={[{ required: true, message: t('users.validation.emailRequired') }, contractRule('email', t)]}
        >
          <Input autoComplete="off" inputMode="email" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('users.form.phone')}
          name="phoneNumber"
          rules={[contractRule('phoneNumber', t)]}
          extra={readOnly ? undefined : t('users.form.phoneHint')}
        >
          <Input autoComplete="off" inputMode="tel" placeholder="+7 916 123-45-67" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.form.firstName')} name="firstName" rules={[contractRule('firstName', t)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.form.lastName')} name="lastName" rules={[contractRule('lastName', t)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('users.form.role')} name="role" rules={[{ required: true }]}>
          <Select options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
      </Col>
      {readOnly ? null : (
        <Col xs={24} md={12}>
          <Form.Item
            label={mode === 'create' ? t('users.form.password') : t('users.form.newPassword')}
            name="password"
            dependencies={['role']}
            rules={[contractRule('password', t), ...(mode === 'create' ? [passwordRequiredRule(t)] : [])]}
            extra={mode === 'create' ? t('users.form.passwordHint') : t('users.form.newPasswordHint')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
};
