import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  body: string;
  appName: string;
}

/** How the notification will look on a lock screen, Android or iOS style (texts cut as phones cut them). */
export const PhonePreview = ({ title, body, appName }: Props) => {
  const { t } = useTranslation();
  const [look, setLook] = useState<'android' | 'ios'>('android');
  return (
    <div className="push-preview">
      <Segmented
        size="small"
        value={look}
        onChange={(value) => setLook(value as 'android' | 'ios')}
        options={[
          { value: 'android', label: 'Android' },
          { value: 'ios', label: 'iOS' },
        ]}
      />
      <section
        className={`push-phone push-phone-${look}`}
        data-testid="phone-preview"
        aria-label={t('push.preview.label')}
      >
        <div className="push-card">
          <div className="push-card-app">
            <span className="push-card-icon" aria-hidden />
            <span>{appName}</span>
            <span className="push-card-time">{t('push.preview.now')}</span>
          </div>
          <div className="push-card-title">{title || t('push.preview.titlePlaceholder')}</div>
          <div className="push-card-body">{body || t('push.preview.bodyPlaceholder')}</div>
        </div>
      </section>
    </div>
  );
};
