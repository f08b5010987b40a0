import type { SigninBody } from '@pult/contract';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LockIcon, MailIcon } from '../../../components/inline-icons';
import { sessionNotice } from '../../../lib/session-notice';
import { describeSignInError, useSignIn } from '../api/sign-in';
import { Field, Notice } from './form-controls';

interface LocationState {
  notice?: string;
}

/** What the browser's own e-mail check accepts, near enough: the server decides. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = Partial<Record<keyof SigninBody, string>>;

/** The second step comes as a chunk of its own, after a right password: most sign-ins never load it. */
const SecondFactorStep = lazy(() => import('./second-factor-step'));

/**
 * The sign-in form shared by both login layouts. On success it only stores the session: the
 * route guard then sends the user on to where they were going. Drawn without antd (the login page's
 * budget, docs/decisions/0022); it checks like antd's Form did: on submit, then as the user corrects.
 */
export const LoginForm = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const signIn = useSignIn();
  const [values, setValues] = useState<SigninBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // Read once: the notice explains this visit to the form, not the next one.
  const [expiredNotice] = useState(() => sessionNotice.take());
  const notice = (location.state as LocationState | null)?.notice;
  const failure = signIn.error ? describeSignInError(signIn.error, t) : null;

  const check = (next: SigninBody): Errors => ({
    email: !next.email.trim()
      ? t('auth.signIn.emailRequired')
      : EMAIL.test(next.email.trim())
        ? undefined
        : t('validation.email'),
    password: next.password ? undefined : t('auth.signIn.passwordRequired'),
  });

  const change = (name: keyof SigninBody, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(check(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    void signIn.submit({ email: values.email.trim(), password: values.password });
  };

  if (signIn.challenge)
    return (
      <Suspense fallback={<span className="spinner" role="status" aria-label={t('auth.mfa.title')} />}>
        <SecondFactorStep challenge={signIn.challenge} onRestart={signIn.restart} />
      </Suspense>
    );

  return (
    <form name="signin" noValidate onSubmit={submit} className="plain-text">
      {notice && !failure ? <Notice tone="success">{t(notice)}</Notice> : null}
      {expiredNotice && !notice && !failure ? <Notice tone="warning">{t(expiredNotice)}</Notice> : null}
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Field
        ref={emailInput}
        label={t('auth.signIn.email')}
        icon={<MailIcon />}
        name="email"
        type="email"
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email}
        autoComplete="username"
        inputMode="email"
        autoFocus
        disabled={signIn.isPending}
      />
      <Field
        ref={passwordInput}
        label={t('auth.signIn.password')}
        icon={<LockIcon />}
        name="password"
        secret
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={errors.password}
        autoComplete="current-password"
        disabled={signIn.isPending}
      />
      <div className="form-links form-links-end">
        <Link to="/auth/forgot-password">{t('auth.signIn.forgot')}</Link>
      </div>
      <button type="submit" className="plain-button plain-button-large" disabled={signIn.isPending}>
        {signIn.isPending ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
        {t('auth.signIn.submit')}
      </button>
    </form>
  );
};
