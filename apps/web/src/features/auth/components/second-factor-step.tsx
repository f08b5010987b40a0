import type { MfaChallenge, SigninMfaResult, TotpEnrolment } from '@pult/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { errorCodeOf } from '../../../lib/describe-error';
import { answerChallenge, enrolDuringSignIn } from '../api/second-factor';
import { acceptSession } from '../api/sign-in';
import { CodeForm } from './code-form';
import { PasskeyChoice } from './passkey-choice';
import { RecoveryCodesList } from './recovery-codes-list';
import './second-factor.css';

interface StepProps {
  challenge: MfaChallenge;
  /** Back to the password, with the reason when the challenge itself is over. */
  onRestart: (failure?: unknown) => void;
}

/** A code for the challenge; a token that expired or was used sends the person back to the password. */
const answerOrRestart = (challenge: MfaChallenge, code: string, onRestart: StepProps['onRestart']) =>
  answerChallenge(challenge.mfaToken, code).catch((error: unknown) => {
    if (errorCodeOf(error) === 'MFA_TOKEN_INVALID') onRestart(error);
    throw error;
  });

/** The codes a sign-in that enrolled answered: shown once, the session kept only after "saved". */
const SavedCodes = ({ result }: { result: SigninMfaResult & { recoveryCodes: string[] } }) => {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="plain-text">
      <h2 ref={heading} tabIndex={-1} className="auth-step-title">
        {t('auth.mfa.codesTitle')}
      </h2>
      <p className="mfa-text">{t('auth.mfa.codesText')}</p>
      <RecoveryCodesList codes={result.recoveryCodes} label={t('auth.mfa.codesTitle')} />
      <button
        type="button"
        className="plain-button plain-button-large"
        disabled={pending}
        onClick={() => {
          setPending(true);
          void acceptSession(result);
        }}
      >
        {t('auth.mfa.continue')}
      </button>
    </div>
  );
};

/** The policy requires a factor this account has not set up: an authenticator first, then the session. */
const EnrolStep = ({ challenge, onRestart }: StepProps) => {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [done, setDone] = useState<(SigninMfaResult & { recoveryCodes: string[] }) | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Once per challenge (React's strict mode runs effects twice): a second call would replace the secret.
    if (asked.current) return;
    asked.current = true;
    enrolDuringSignIn(challenge.mfaToken).then(setEnrolment, (error: unknown) => onRestart(error));
  }, [challenge.mfaToken, onRestart]);

  if (done) return <SavedCodes result={done} />;
  if (!enrolment)
    return (
      <div className="plain-text" role="status">
        <span className="spinner" aria-hidden="true" /> {t('auth.mfa.loading')}
      </div>
    );
  return (
    <>
      <p className="mfa-text plain-text">{t('auth.mfa.enrolText')}</p>
      <div className="mfa-qr">
        <QrCode value={enrolment.otpauthUri} label={t('auth.mfa.qr')} />
      </div>
      <p className="mfa-secret plain-text">
        {t('auth.mfa.secret')}: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <CodeForm
        recovery={false}
        onSubmit={async (code) => {
          const result = await answerOrRestart(challenge, code, onRestart);
          if (result.recoveryCodes) setDone({ ...result, recoveryCodes: result.recoveryCodes });
          else await acceptSession(result);
        }}
      >
        <div className="mfa-switch">
          <button type="button" className="text-button" onClick={() => onRestart()}>
            {t('auth.mfa.back')}
          </button>
        </div>
      </CodeForm>
    </>
  );
};

type Way = 'app' | 'recovery' | 'passkey';

/**
 * The factor the account answers with: a code from the app, a passkey or a recovery code, whichever it
 * has, the app first (product.md §8 lists them so); the others a click away. The session is kept as a
 * plain sign-in's.
 */
const CodeStep = ({ challenge, onRestart }: StepProps) => {
  const { t } = useTranslation();
  const has = (method: MfaChallenge['methods'][number]) => challenge.methods.includes(method);
  const [way, setWay] = useState<Way>(has('totp') ? 'app' : has('webauthn') ? 'passkey' : 'recovery');
  const others = (['app', 'passkey', 'recovery'] as const).filter(
    (other) => other !== way && has(other === 'app' ? 'totp' : other === 'passkey' ? 'webauthn' : 'recovery'),
  );
  const switches = (
    <div className="mfa-switch">
      {others.map((other) => (
        <button key={other} type="button" className="text-button" onClick={() => setWay(other)}>
          {t(`auth.mfa.use.${other}`)}
        </button>
      ))}
      <button type="button" className="text-button" onClick={() => onRestart()}>
        {t('auth.mfa.back')}
      </button>
    </div>
  );
  if (way === 'passkey')
    return (
      <PasskeyChoice challenge={challenge} onRestart={onRestart}>
        {switches}
      </PasskeyChoice>
    );
  return (
    <>
      <p className="mfa-text plain-text">{way === 'recovery' ? t('auth.mfa.recoveryText') : t('auth.mfa.codeText')}</p>
      <CodeForm
        recovery={way === 'recovery'}
        onSubmit={async (code) => {
          await acceptSession(await answerOrRestart(challenge, code, onRestart));
        }}
      >
        {switches}
      </CodeForm>
    </>
  );
};

/** The sign-in's second step (docs/decisions/0035), a chunk of its own loaded after a right password. */
export const SecondFactorStep = (props: StepProps) => {
  const { t } = useTranslation();
  const title = props.challenge.enrolmentRequired ? t('auth.mfa.enrolTitle') : t('auth.mfa.title');
  return (
    <section aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="auth-step-title plain-text">
        {title}
      </h2>
      {props.challenge.enrolmentRequired ? <EnrolStep {...props} /> : <CodeStep {...props} />}
    </section>
  );
};

export default SecondFactorStep;
