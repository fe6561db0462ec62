'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { SecretForm, SecretSubmitButton } from '@/components/ui/secret-form';
import { PasswordInput } from '@/components/ui/password-input';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { LanguageSwitch } from '@/components/shared/language-switch';
import { WELCOME_PARAM } from '@/lib/welcome-param';
import { checkSignInEmail, checkSignInPassword } from '@/lib/domain/sign-in-checks';
import type { LoginInput } from '@/lib/schemas/auth';
import { SecondStep } from './second-step';
import { Enrolment } from '@/components/shared/two-factor/enrolment';
import { PasskeySignIn } from './passkey-sign-in';
import type { SecondFactorMethod } from '@/lib/domain/two-factor';
import { signIn } from './actions';
import { FooterLink } from './footer-link';

/**
 * The sign-in screen's form. `notice` is shown above it, e.g. after the session expired;
 * `returnTo` is the page to go back to afterwards (where typed data waits to be restored).
 */
export function SignInForm({ notice, returnTo }: { notice?: string; returnTo?: string }) {
  const t = useTranslations('signIn');
  const tf = useTranslations('twoFactor');
  const router = useRouter();
  const [alert, setAlert] = useState<string | null>(notice ? (returnTo ? `${notice} ${t('draftKept')}` : notice) : null);
  const [navigating, startNavigation] = useTransition();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
    // plain checks keep zod out of the sign-in page; the server action checks with loginSchema
  } = useForm<LoginInput>({ defaultValues: { email: '', password: '' } });
  const pending = isSubmitting || navigating;
  /** After the password: the second step (or the enrolment the policy demands) that is due. */
  const [secondFactor, setSecondFactor] = useState<{ stage: 'verify' | 'enrol'; methods: SecondFactorMethod[] } | null>(null);

  function goOn() {
    startNavigation(() => {
      // The page greets with the success toast itself once it is on screen (WelcomeToast), so
      // loading its code doesn't eat the toast's 3 seconds. The start page is its own route.
      const target = returnTo ?? '/start';
      router.replace(`${target}${target.includes('?') ? '&' : '?'}${WELCOME_PARAM}=1`);
      router.refresh();
    });
  }

  async function onSubmit(values: LoginInput) {
    setAlert(null);
    const result = await signIn(values);
    const signedIn = applyActionResult(
      result,
      { setError },
      {
        success: false,
        // no permissions stays on screen as an alert; a refused field shows its message under it
        handled: (failure) => {
          if (failure.code === 'no_permissions') setAlert(failure.message);
          return failure.code === 'no_permissions' || failure.code === 'validation';
        },
        longToastFor: ['rate_limited'],
      },
    );
    if (!signedIn) return;
    if (result.ok && result.data?.secondFactor) setSecondFactor(result.data.secondFactor);
    else goOn();
  }

  // Schema messages are keys; messages set from the server are already texts.
  const text = (message?: string) => (message ? (t.has(message) ? t(message) : message) : undefined);

  return (
    <div className="w-full max-w-sm">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t('title')}</h1>
        <LanguageSwitch />
      </div>
      {alert && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {alert}
        </p>
      )}
      {secondFactor?.stage === 'verify' && <SecondStep methods={secondFactor.methods} onSignedIn={goOn} />}
      {secondFactor?.stage === 'enrol' && (
        <div className="space-y-4">
          <p className="text-sm text-gray-700">{tf('mustEnrol')}</p>
          <Enrolment onDone={(done) => (done.signedIn ? goOn() : undefined)} />
        </div>
      )}
      {!secondFactor && (
        <>
          <SecretForm noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('title')}>
            <Input
              label={t('email')}
              type="email"
              autoComplete="username"
              error={text(errors.email?.message)}
              {...register('email', { validate: checkSignInEmail })}
            />
            <PasswordInput
              label={t('password')}
              autoComplete="current-password"
              hint={t('passwordHint')}
              error={text(errors.password?.message)}
              {...register('password', { validate: checkSignInPassword })}
            />
            <SecretSubmitButton className="w-full" loading={pending}>
              {pending ? t('pending') : t('submit')}
            </SecretSubmitButton>
          </SecretForm>
          <PasskeySignIn onSignedIn={goOn} onRefused={setAlert} />
          <FooterLink href="/new-password">{t('forgotLink')}</FooterLink>
        </>
      )}
    </div>
  );
}
