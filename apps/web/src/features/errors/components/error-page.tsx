import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Props {
  status: '404' | '500';
}

/** The 404 and 500 views; also used inside the app layout for unknown `/app/...` paths. */
export const ErrorPage = ({ status }: Props) => {
  const { t } = useTranslation();
  const notFound = status === '404';
  return (
    <Result
      status={status}
      title={notFound ? t('errors.notFoundTitle') : t('errors.serverErrorTitle')}
      subTitle={notFound ? t('errors.notFoundText') : t('errors.serverErrorText')}
      extra={
        <Link to="/">
          <Button type="primary">{t('errors.backHome')}</Button>
        </Link>
      }
    />
  );
};
