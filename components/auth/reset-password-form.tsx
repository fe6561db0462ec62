'use client';

import { useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@/components/ui/zod-resolver';
import { Input } from '@/components/ui/input';
import { SecretForm, SecretSubmitButton } from '@/components/ui/secret-form';
import { PasswordInput } from '@/components/ui/password-input';
import { notify } from '@/components/ui/toast';
import { completePasswordReset } from './actions';
import { FooterLink } from './footer-link';
import { PasswordRules } from '@/components/ui/password-rules';
import { resetFormSchema, type ResetFormInput } from './reset-form-schema';

/**
 * Reset password at /repair-password/{token}: e-mail, new password, repeat, each
 * password with show/hide; the submit button stays disabled until the form is valid.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('resetPassword');
  const tp = useTranslations('password');
  const tc = useTranslations('common');
  const router = useRouter();
  const [navigating, startNavigation] = useTransition();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting, isValid, touchedFields },
  } = useForm<ResetFormInput>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '', repeat: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const pending = isSubmitting || navigating;

  async function onSubmit(values: ResetFormInput) {
    const result = await completePasswordReset({ token, values });
    if (result.ok) {
      notify.success(t('success'));
      startNavigation(() => router.push('/'));
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      setError(field as keyof ResetFormInput, { message });
    }
    notify.error(result.message);
  }

  const text = (message?: string) => (message ? (t.has(message) ? t(message) : tp.has(message) ? tp(message) : message) : undefined);
  // Errors show once a field was left, so typing the first letter does not already shout.
  const shown = (field: keyof ResetFormInput) => (touchedFields[field] ? text(errors[field]?.message) : undefined);

  return (
    <div className="w-full max-w-sm">
      <h1 className="mb-6 text-2xl font-semibold text-gray-900">{t('title')}</h1>
      <SecretForm noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('title')}>
        <Input label={t('email')} type="email" autoComplete="username" error={shown('email')} {...register('email')} />
        <div className="space-y-2">
          <PasswordInput
            label={t('password')}
            autoComplete="new-password"
            aria-describedby="reset-password-rules"
            error={shown('password')}
            {...register('password', { deps: ['repeat'] })}
          />
          <PasswordRules id="reset-password-rules" password={password ?? ''} />
        </div>
        <PasswordInput label={t('repeat')} autoComplete="new-password" error={shown('repeat')} {...register('repeat')} />
        <SecretSubmitButton className="w-full" disabled={!isValid} loading={pending}>
          {pending ? tc('pleaseWait') : t('submit')}
        </SecretSubmitButton>
      </SecretForm>
      <FooterLink href="/">{t('backToSignIn')}</FooterLink>
    </div>
  );
}
