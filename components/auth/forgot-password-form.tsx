'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@/components/ui/zod-resolver';
import { SecretForm, SecretSubmitButton } from '@/components/ui/secret-form';
import { Input } from '@/components/ui/input';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { requestPasswordSchema } from '@/lib/schemas/auth';
import { requestPasswordReset } from './actions';
import { FooterLink } from './footer-link';

type Values = { email: string };

/** Forgot password (/new-password): e-mail, send, link back to sign-in. */
export function ForgotPasswordForm() {
  const t = useTranslations('forgotPassword');
  const tc = useTranslations('common');
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(requestPasswordSchema), defaultValues: { email: '' } });

  async function onSubmit(values: Values) {
    setSent(null);
    const result = await requestPasswordReset(values);
    const message = result.ok ? t('sent', { email: result.data.email }) : null;
    // the confirmation stays on the page as well as in the toast
    if (applyActionResult(result, { setError }, { success: message ?? false })) setSent(message);
  }

  const text = (message?: string) => (message ? (t.has(message) ? t(message) : message) : undefined);

  return (
    <div className="w-full max-w-sm">
      <h1 className="mb-2 text-2xl font-semibold text-gray-900">{t('title')}</h1>
      <p className="mb-6 text-sm text-gray-600">{t('intro')}</p>
      {sent && (
        <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {sent}
        </p>
      )}
      <SecretForm noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4" aria-label={t('title')}>
        <Input label={t('email')} type="email" autoComplete="email" error={text(errors.email?.message)} {...register('email')} />
        <SecretSubmitButton className="w-full" loading={isSubmitting}>
          {isSubmitting ? tc('pleaseWait') : t('submit')}
        </SecretSubmitButton>
      </SecretForm>
      <FooterLink href="/">{t('backToSignIn')}</FooterLink>
    </div>
  );
}
