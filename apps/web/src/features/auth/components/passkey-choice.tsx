import type { MfaChallenge } from '@pult/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/describe-error';
import { isPasskeyCancel, PasskeyElsewhereError } from '../../../lib/passkeys';
import { signInWithPasskey } from '../api/second-factor';
import { acceptSession, describeSignInError } from '../api/sign-in';
import { Notice } from './form-controls';

interface PasskeyChoiceProps {
  challenge: MfaChallenge;
  onRestart: (failure?: unknown) => void;
  /** Below the button: the other ways, the way back. */
  children?: ReactNode;
}

/**
 * The sign-in's second step with a passkey: one button that opens the browser's dialog. A cancelled
 * dialog says so quietly; a page at the wrong host links to the address where the passkeys work.
 */
export const PasskeyChoice = ({ challenge, onRestart, children }: PasskeyChoiceProps) => {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  // Back to the button once it is enabled again after a failure (a disabled button takes no focus).
  useEffect(() => {
    if (failure && !pending) button.current?.focus();
  }, [failure, pending]);

  const use = async () => {
    setPending(true);
    setFailure(null);
    try {
      await acceptSession(await signInWithPasskey(challenge.mfaToken));
    } catch (error) {
      if (errorCodeOf(error) === 'MFA_TOKEN_INVALID') return onRestart(error);
      setFailure(error);
      setPending(false);
    }
  };

  const notice = () => {
    if (!failure) return null;
    if (failure instanceof PasskeyElsewhereError)
      return (
        <Notice tone="warning">
          {t('auth.mfa.passkeyElsewhere')} <a href={failure.address}>{failure.address}</a>
        </Notice>
      );
    return (
      <Notice tone="error">
        {isPasskeyCancel(failure) ? t('auth.mfa.passkeyCancelled') : describeSignInError(failure, t)}
      </Notice>
    );
  };

  return (
    <div className="plain-text">
      <p className="mfa-text">{t('auth.mfa.passkeyText')}</p>
      {notice()}
      <button
        ref={button}
        type="button"
        className="plain-button plain-button-large"
        disabled={pending}
        onClick={() => void use()}
      >
        {pending ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
        {t('auth.mfa.passkeySubmit')}
      </button>
      {children}
    </div>
  );
};
