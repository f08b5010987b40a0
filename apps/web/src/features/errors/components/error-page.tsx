import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResultHeading } from '../../../components/result-heading';

interface Props {
  status: '404' | '500';
}

/** The 404 and 500 views; also used inside the app layout for unknown `/app/...` paths. */
export const ErrorPage = ({ status }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notFound = status === '404';
  return (
    <Result
      status={status}
      title={<ResultHeading>{notFound ? t('errors.notFoundTitle') : t('errors.serverErrorTitle')}</ResultHeading>}
      subTitle={notFound ? t('errors.notFoundText') : t('errors.serverErrorText')}
      extra={
        // A button that navigates, not a button inside a link (nested interactive elements).
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
};
