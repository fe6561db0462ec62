'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { PasswordRules } from '@/components/ui/password-rules';
import { Card } from '@/components/ui/card';
import { SecretForm, SecretSubmitButton } from '@/components/ui/secret-form';
import { PasswordInput } from '@/components/ui/password-input';
import { notify } from '@/components/ui/toast';
import { changePassword } from './actions';
import type { ChangePasswordFormInput } from './change-password-schema';

const changePasswordResolver = lazyZodResolver<ChangePasswordFormInput>(() =>
  import('./change-password-schema').then((m) => m.changePasswordFormSchema),
);

/** The save button comes back 2 s after a save. */
export const SAVE_COOLDOWN_MS = 2000;

/** Change password on the profile: old, new, repeat, with the rules shown. */
export function ChangePasswordForm() {
  const t = useTranslations('password');
  const [coolingDown, setCoolingDown] = useState(false);
  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), SAVE_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [coolingDown]);

  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({
    // zod arrives with the first check, not with the profile page
    resolver: changePasswordResolver,
    defaultValues: { oldPassword: '', newPassword: '', repeat: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  async function onSubmit(values: ChangePasswordFormInput) {
    setCoolingDown(true);
    const result = await changePassword(values);
    if (result.ok) {
      notify.success(t('saved'));
      reset();
      return;
    }
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      setError(field as keyof ChangePasswordFormInput, { message });
    }
    notify.error(result.message);
  }

  const text = (message?: string) => (message ? (t.has(message) ? t(message) : message) : undefined);

  return (
    <Card title={t('title')}>
      <SecretForm noValidate onSubmit={handleSubmit(onSubmit)} className="max-w-sm space-y-4" aria-label={t('title')}>
        <PasswordInput
          label={t('old')}
          autoComplete="current-password"
          error={text(errors.oldPassword?.message)}
          {...register('oldPassword', { deps: ['newPassword'] })}
        />
        <div className="space-y-2">
          <PasswordInput
            label={t('new')}
            autoComplete="new-password"
            aria-describedby="change-password-rules"
            error={text(errors.newPassword?.message)}
            {...register('newPassword', { deps: ['repeat'] })}
          />
          <PasswordRules id="change-password-rules" password={newPassword ?? ''} />
        </div>
        <PasswordInput label={t('repeat')} autoComplete="new-password" error={text(errors.repeat?.message)} {...register('repeat')} />
        <SecretSubmitButton loading={isSubmitting} disabled={coolingDown}>
          {t('submit')}
        </SecretSubmitButton>
      </SecretForm>
    </Card>
  );
}
