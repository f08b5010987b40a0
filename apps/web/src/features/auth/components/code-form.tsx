import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../../components/inline-icons';
import { describeSignInError } from '../api/sign-in';
import { Field, Notice } from './form-controls';

interface CodeFormProps {
  /** The code is a recovery code, not the app's 6 digits. */
  recovery: boolean;
  onSubmit: (code: string) => Promise<void>;
  /** Below the button: the switch to a recovery code, the way back. */
  children?: ReactNode;
}

/** One code field and its button; the failure is said above it and the field is emptied for the next try. */
export const CodeForm = ({ recovery, onSubmit, children }: CodeFormProps) => {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    setMissing(!value);
    if (!value) return input.current?.focus();
    setPending(true);
    setFailure(null);
    try {
      await onSubmit(value);
    } catch (error) {
      setFailure(error);
      setCode('');
      setPending(false);
    }
  };

  // Back to the emptied field once the failure is drawn and the field enabled again: in the commit's
  // effect, not a frame later, which on a loaded machine came before React had re-enabled the field
  // (a disabled input takes no focus, and it fell to <body>).
  useEffect(() => {
    if (failure && !pending) input.current?.focus();
  }, [failure, pending]);

  return (
    <form name="second-factor" noValidate onSubmit={submit} className="plain-text">
      {failure ? <Notice tone="error">{describeSignInError(failure, t)}</Notice> : null}
      <Field
        key={recovery ? 'recovery' : 'totp'}
        ref={input}
        label={recovery ? t('auth.mfa.recoveryCode') : t('auth.mfa.code')}
        icon={<LockIcon />}
        name="code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (missing) setMissing(!event.target.value.trim());
        }}
        error={missing ? t('auth.mfa.codeRequired') : null}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 32 : 6}
        autoFocus
        disabled={pending}
      />
      <button type="submit" className="plain-button plain-button-large" disabled={pending}>
        {pending ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
        {t('auth.mfa.submit')}
      </button>
      {children}
    </form>
  );
};
