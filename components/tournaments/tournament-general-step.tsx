'use client';

import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import type { TournamentType } from '@/lib/api/tournaments';
import { completeIsoDate, todayIso } from '@/lib/domain/dates';
import { latestRegistrationDay, latestTournamentDay } from '@/lib/domain/tournaments/rules';
import { DateField } from '@/components/ui/date-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { StepProps } from './tournament-step-props';

/**
 * The tournament form's first step: name, type (fixed once saved; a new tournament offers the
 * types its organisation may announce), the four dates (from today, within the latest days the
 * rules allow), location, registration link, contact person, e-mail and phone.
 */
export function TournamentGeneralStep({
  form,
  disabled,
  errorOf,
  isNew,
  types,
  offered,
}: StepProps & { isNew: boolean; types: TournamentType[]; offered: TournamentType[] }) {
  const t = useTranslations('tournaments');
  const end = useWatch({ control: form.control, name: 'end' });
  const today = todayIso();
  const latest = latestTournamentDay(today);
  // the end field may hold half-typed text: only a complete end date moves the registration bound
  const latestRegistrationDayOf = (value: string | null | undefined) => {
    const complete = completeIsoDate(value);
    return complete ? latestRegistrationDay(complete) : latest;
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Input label={`${t('fields.name')} *`} error={errorOf('name')} disabled={disabled} {...form.register('name')} />
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <Select
            label={`${t('fields.type')} *`}
            value={field.value === null ? '' : String(field.value)}
            onValueChange={(v) => {
              field.onChange(Number(v));
              // another type offers other rules, divisions and grade codes
              form.setValue('rule', null);
              form.setValue('divisions', []);
              form.setValue('gradeCodes', []);
              form.setValue('discipline', null);
            }}
            options={(isNew ? offered : types).map((x) => ({ value: String(x.id), label: x.name }))}
            disabled={disabled || !isNew}
            error={errorOf('type')}
          />
        )}
      />
      {(['start', 'end', 'openFrom', 'openTo'] as const).map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <DateField
              label={`${t(`fields.${name}`)} *`}
              value={field.value}
              onChange={field.onChange}
              min={today}
              max={name === 'start' || name === 'end' ? latest : latestRegistrationDayOf(end)}
              error={errorOf(name)}
              disabled={disabled}
            />
          )}
        />
      ))}
      <Input label={`${t('fields.location')} *`} error={errorOf('location')} disabled={disabled} {...form.register('location')} />
      <Input
        label={t('fields.linkToRegistration')}
        type="url"
        error={errorOf('linkToRegistration')}
        disabled={disabled}
        {...form.register('linkToRegistration')}
      />
      <Input
        label={`${t('fields.contactPerson')} *`}
        error={errorOf('contactPerson')}
        disabled={disabled}
        {...form.register('contactPerson')}
      />
      <Input label={`${t('fields.email')} *`} type="email" error={errorOf('email')} disabled={disabled} {...form.register('email')} />
      <Input label={t('fields.phone')} type="tel" error={errorOf('phone')} disabled={disabled} {...form.register('phone')} />
    </div>
  );
}
