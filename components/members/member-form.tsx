'use client';

import { Controller, type UseFormReturn } from 'react-hook-form';
import { useLocale, useTranslations } from 'next-intl';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DateField } from '@/components/ui/date-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { Country } from '@/lib/api/types';
import { GENDERS } from '@/lib/domain/members';
import type { MemberFormData, MemberFormValues } from './member-form-schema';
import { validationKey } from './member-form-values';

export interface MemberFormProps {
  form: UseFormReturn<MemberFormValues, unknown, MemberFormData>;
  countries: Country[];
  /** Read mode: every field disabled (the card's 'Bearbeiten' switches to edit mode). */
  readOnly: boolean;
  /** The licence number is the system's: only the federation may set one; everyone else sees it read-only. */
  regNrEditable?: boolean;
  /** Enter in a field: save (as in every record form). */
  onSubmit?: () => void;
}

const TEXT_FIELDS = [
  ['street', 'street', 'street-address'],
  ['houseNumber', 'houseNumber', 'off'],
  ['doorNumber', 'doorNumber', 'off'],
  ['zip', 'zip', 'postal-code'],
  ['city', 'city', 'address-level2'],
  ['phoneMobile', 'phoneMobile', 'tel'],
] as const;

const VISIBILITY = ['profileVisible', 'phoneMobileVisible', 'emailVisible'] as const;

/** The select's "no country" entry (Radix reserves '' for "nothing chosen", so it gets a value of its own). */
const NO_COUNTRY = 'none';

/** The personal-data tab: names, birth date, gender, nationality and country, address, contact, visibility. */
export function MemberForm({ form, countries, readOnly, regNrEditable = false, onSubmit }: MemberFormProps) {
  const t = useTranslations('members');
  const locale = useLocale();
  const {
    register,
    control,
    formState: { errors },
  } = form;

  /** Schema message keys and texts set from an API answer both end up readable. */
  const text = (message?: string) => {
    if (!message) return undefined;
    const key = validationKey(message);
    return key ? t(`validation.${key}`) : message;
  };

  // '—' first: a country once chosen can be taken back (stored as null)
  // the API sends them in German order; the list is sorted by the name it shows
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const countryOptions = [
    { value: NO_COUNTRY, label: t('fields.noCountry') },
    ...countries
      .map((c) => ({ value: String(c.id), label: locale === 'en' ? c.nameEn : c.nameDe }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  ];
  const genderOptions = GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }));

  return (
    <form
      noValidate
      aria-label={t('tabs.personal')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly) onSubmit?.();
      }}
    >
      <fieldset disabled={readOnly} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Input
          label={`${t('fields.firstName')} *`}
          autoComplete="given-name"
          error={text(errors.firstName?.message)}
          {...register('firstName')}
        />
        <Input
          label={t('fields.middleName')}
          autoComplete="additional-name"
          error={text(errors.middleName?.message)}
          {...register('middleName')}
        />
        <Input
          label={`${t('fields.surname')} *`}
          autoComplete="family-name"
          error={text(errors.surname?.message)}
          {...register('surname')}
        />
        <Controller
          control={control}
          name="birthDate"
          render={({ field, fieldState }) => (
            <DateField
              label={`${t('fields.birthDate')} *`}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              disabled={readOnly}
              error={text(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="gender"
          render={({ field, fieldState }) => (
            <Select
              label={`${t('fields.gender')} *`}
              placeholder={t('fields.chooseGender')}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              options={genderOptions}
              disabled={readOnly}
              error={text(fieldState.error?.message)}
            />
          )}
        />
        <Input label={t('fields.email')} type="email" autoComplete="email" error={text(errors.email?.message)} {...register('email')} />
        {regNrEditable ? (
          <Input
            label={t('fields.regNr')}
            autoComplete="off"
            hint={t('fields.regNrFederation')}
            error={text(errors.regNr?.message)}
            {...register('regNr')}
          />
        ) : (
          <Input
            label={t('fields.regNr')}
            readOnly
            value={form.getValues('regNr') || ''}
            placeholder={t('fields.regNrAssigned')}
            hint={t('fields.regNrSystem')}
          />
        )}
        {(['nationality', 'country'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <Select
                label={t(`fields.${name}`)}
                placeholder={t('fields.chooseCountry')}
                value={field.value ? String(field.value) : ''}
                onValueChange={(v) => field.onChange(v && v !== NO_COUNTRY ? Number(v) : null)}
                options={countryOptions}
                disabled={readOnly}
                error={text(fieldState.error?.message)}
              />
            )}
          />
        ))}
        {TEXT_FIELDS.map(([name, label, autoComplete]) => (
          <Input
            key={name}
            label={t(`fields.${label}`)}
            autoComplete={autoComplete}
            type={name === 'phoneMobile' ? 'tel' : 'text'}
            error={text(errors[name]?.message)}
            {...register(name)}
          />
        ))}
        <div className="sm:col-span-2 lg:col-span-3">
          <p className="mb-1 text-sm font-medium text-gray-700">{t('fields.visibility')}</p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {VISIBILITY.map((name) => (
              <CheckboxField key={name} label={t(`fields.${name}`)} {...register(`params.${name}`)} />
            ))}
          </div>
        </div>
      </fieldset>
      {/* lets Enter in a field submit the form */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
    </form>
  );
}
