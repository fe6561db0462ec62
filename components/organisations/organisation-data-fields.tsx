'use client';

import type { ReactNode } from 'react';
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import { DateField } from '@/components/ui/date-field';
import { Input } from '@/components/ui/input';
import { Select, type SelectOption } from '@/components/ui/select';
import type { FieldRights } from '@/lib/domain/organisation-rules';
import { CheckboxField } from '@/components/ui/checkbox-field';
import type { OrganisationFormOutput } from './organisation-form-schema';
import type { OrganisationFormValues } from './organisation-form-values';

type TextField =
  | 'name'
  | 'nameShort'
  | 'street'
  | 'city'
  | 'zip'
  | 'address'
  | 'street2'
  | 'city2'
  | 'zip2'
  | 'email'
  | 'homepage'
  | 'phoneOffice'
  | 'faxOffice'
  | 'bso'
  | 'zvr'
  | 'dvr';

export interface OrganisationDataFieldsProps {
  form: UseFormReturn<OrganisationFormValues, unknown, OrganisationFormOutput>;
  /** Read mode shows every field disabled. */
  editing: boolean;
  rights: FieldRights;
  federalStateRequired: boolean;
  /** Possible parent organisations for the chosen level. */
  parentOptions: SelectOption[];
  /** Allowed range of the end date (today … +364 days). */
  endDateRange: { min: string; max: string };
}

export type DateFieldName = 'orgStartDate' | 'orgEndDate' | 'inoperativeSince';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-700">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}

/**
 * The organisation data tab : name, addresses (c/o and second address), contact,
 * registry numbers, dates, IBAN, federal state, governing body, section and cooperation-partner flags.
 * Fields the acting organisation may not change are disabled exactly as the API decides.
 */
export function OrganisationDataFields({
  form,
  editing,
  rights,
  federalStateRequired,
  parentOptions,
  endDateRange,
}: OrganisationDataFieldsProps) {
  const t = useTranslations('organisations');
  const {
    register,
    control,
    formState: { errors },
  } = form;

  /** Errors hold a schema key ('required') or a text from the server; show text either way. */
  const message = (m: unknown): string | undefined => {
    if (typeof m !== 'string' || !m) return undefined;
    return t.has(`validation.${m}`) ? t(`validation.${m}` as 'validation.required') : m;
  };
  const errorOf = (name: FieldPath<OrganisationFormValues>): string | undefined => {
    let node: unknown = errors;
    for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return message((node as { message?: unknown } | undefined)?.message);
  };
  const label = (name: string, required = false) => `${t(`fields.${name}` as 'fields.name')}${required ? ' *' : ''}`;

  const text = (name: TextField, options: { required?: boolean; disabled?: boolean; type?: string } = {}) => (
    <Input
      label={label(name, options.required)}
      type={options.type ?? 'text'}
      aria-required={options.required || undefined}
      error={errorOf(name)}
      disabled={!editing || options.disabled}
      {...register(name)}
    />
  );

  const dateField = (name: DateFieldName, range?: { min: string; max: string }) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          label={label(name)}
          value={field.value ?? null}
          onChange={field.onChange}
          min={range?.min}
          max={range?.max}
          error={errorOf(name)}
          disabled={!editing || !rights.dates}
        />
      )}
    />
  );

  const levelOptions: SelectOption[] = [1, 2, 3].map((l) => ({ value: String(l), label: t(`levels.${l}` as 'levels.1') }));
  const stateOptions: SelectOption[] = t('federalStates')
    .split('|')
    .map((s) => ({ value: s, label: s }));

  return (
    <div className="space-y-4">
      <Section title={t('sections.general')}>
        {text('name', { required: true })}
        {text('nameShort', { required: true })}
        <Controller
          control={control}
          name="orgLevel"
          render={({ field }) => (
            <Select
              label={label('orgLevel')}
              value={field.value ? String(field.value) : ''}
              onValueChange={(v) => field.onChange(Number(v))}
              options={levelOptions}
              disabled={!editing || !rights.parent}
            />
          )}
        />
        <Controller
          control={control}
          name="orgMotherId"
          render={({ field }) => (
            <Select
              label={label('orgMotherId')}
              value={field.value ? String(field.value) : ''}
              onValueChange={(v) => field.onChange(v ? Number(v) : null)}
              options={parentOptions}
              placeholder={t('none')}
              disabled={!editing || !rights.parent || parentOptions.length === 0}
            />
          )}
        />
        <Controller
          control={control}
          name="params.federalState"
          render={({ field }) => {
            const value = field.value ?? '';
            // keep a stored value that is not one of the nine states selectable
            const options =
              value && !stateOptions.some((o) => o.value === value) ? [...stateOptions, { value, label: value }] : stateOptions;
            return (
              <Select
                label={label('federalState', federalStateRequired)}
                value={value}
                onValueChange={field.onChange}
                options={options}
                placeholder={t('choose')}
                error={errorOf('params.federalState')}
                disabled={!editing}
                required={federalStateRequired}
              />
            );
          }}
        />
        <Input label={label('association')} error={errorOf('params.association')} disabled={!editing} {...register('params.association')} />
      </Section>

      <Section title={t('sections.address')}>
        {text('street', { required: true })}
        {text('zip', { required: true })}
        {text('city', { required: true })}
      </Section>

      <Section title={t('sections.postal')}>
        {text('address')}
        {text('street2')}
        {text('zip2')}
        {text('city2')}
      </Section>

      <Section title={t('sections.contact')}>
        {text('email', { required: true, type: 'email' })}
        {text('homepage')}
        {text('phoneOffice', { type: 'tel' })}
        {text('faxOffice', { type: 'tel' })}
      </Section>

      <Section title={t('sections.registry')}>
        {text('bso', { disabled: !rights.bso })}
        {text('zvr')}
        {text('dvr')}
        <Input label={label('iban')} error={errorOf('params.iban')} disabled={!editing} {...register('params.iban')} />
      </Section>

      <Section title={t('sections.dates')}>
        {dateField('orgStartDate')}
        <div>
          {dateField('orgEndDate', endDateRange)}
          {editing && rights.dates && <p className="mt-1 text-xs text-gray-500">{t('endDateHint')}</p>}
        </div>
        {dateField('inoperativeSince')}
      </Section>

      <Section title={t('sections.flags')}>
        <CheckboxField label={t('fields.section')} disabled={!editing} {...register('params.section')} />
        <CheckboxField label={t('fields.coopPartner')} disabled={!editing || !rights.coopPartner} {...register('params.coop_partner')} />
      </Section>
    </div>
  );
}
