import { type AgreementType, agreementTypes } from '@pult/contract';
import { Alert, Col, Row, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { describeError } from '../../../lib/describe-error';
import { useAgreementHistory, useCurrentAgreements } from '../api/agreements-queries';
import { AGREEMENT_PATHS } from '../paths';
import { CurrentVersionCard } from './current-version-card';
import { HistoryCard } from './history-card';
import { PublishCard } from './publish-card';
import '../agreements.css';

/** One legal document: the current version, the editor of the next one, the history with diffs. */
export const AgreementScreen = ({ type }: { type: AgreementType }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useCurrentAgreements();
  const history = useAgreementHistory(type);
  const latest = current.data?.items.find((item) => item.type === type);
  const versions = history.data?.items ?? [];
  const error = current.error ?? history.error;

  return (
    <>
      <PageTitle>{t(`agreements.types.${type}`)}</PageTitle>
      <Segmented
        className="agreement-switch"
        value={type}
        onChange={(value) => navigate(AGREEMENT_PATHS[value as AgreementType])}
        options={agreementTypes.map((value) => ({ value, label: t(`agreements.types.${value}`) }))}
      />
      {error ? <Alert type="error" showIcon message={describeError(error, t)} className="agreement-alert" /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <CurrentVersionCard
            current={latest}
            acceptedCount={versions.find((version) => version.id === latest?.id)?.acceptedCount}
          />
        </Col>
        <Col xs={24} xl={12}>
          <PublishCard type={type} current={latest} />
        </Col>
        <Col span={24}>
          <HistoryCard versions={versions} loading={history.isPending} />
        </Col>
      </Row>
    </>
  );
};
