import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, ErrorCircleIcon, EyeIcon, EyeOffIcon, WarningIcon } from '../../../components/inline-icons';
import './form-controls.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>;

interface FieldProps extends InputProps {
  ref?: Ref<HTMLInputElement>;
  label: string;
  icon: ReactNode;
  /** The message under the field; it also marks the input invalid for assistive technology. */
  error?: string | null;
  /** A password, with a button that shows and hides it. */
  secret?: boolean;
  type?: 'text' | 'email';
}

/**
 * A labelled input of the sign-in form, like antd's large Input with a prefix icon (and
 * Input.Password's eye when `secret`). The error is tied to the input with `aria-describedby`.
 */
export const Field = ({ ref, label, icon, error, secret, type = 'text', disabled, ...input }: FieldProps) => {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  const classes = ['field', error ? 'field-invalid' : '', disabled ? 'field-disabled' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-box">
        <span className="field-icon">{icon}</span>
        <input
          {...input}
          ref={ref}
          id={id}
          type={secret && !shown ? 'password' : type}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {secret ? (
          <button
            type="button"
            className="field-reveal"
            aria-label={shown ? t('auth.signIn.hidePassword') : t('auth.signIn.showPassword')}
            aria-pressed={shown}
            disabled={disabled}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? <EyeIcon /> : <EyeOffIcon />}
          </button>
        ) : null}
      </div>
      {error ? (
        <div id={errorId} className="field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
};

const NOTICE_ICONS = { success: CheckCircleIcon, warning: WarningIcon, error: ErrorCircleIcon } as const;

/** A message above the form, like antd's Alert with its icon; an error is announced at once. */
export const Notice = ({ tone, children }: { tone: keyof typeof NOTICE_ICONS; children: ReactNode }) => {
  const Icon = NOTICE_ICONS[tone];
  return (
    <div className={`notice notice-${tone} form-alert`} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon />
      <div>{children}</div>
    </div>
  );
};
