'use client';

import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import type { RefereeCandidate, TournamentType } from '@/lib/api/tournaments';
import { DISCIPLINE_3D } from '@/lib/domain/tournaments/status';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { RangeCommanders, RefereeFields } from './tournament-people-fields';
import type { StepProps } from './tournament-step-props';

const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((x) => x !== value) : [...list, value]);

/**
 * The tournament form's second step, by the chosen type: discipline, rule, the rule's divisions,
 * the type's grade codes, referees, range commanders, and the number of animals (3D only).
 */
export function TournamentCompetitionStep({
  form,
  disabled,
  errorOf,
  types,
  referees,
}: StepProps & { types: TournamentType[]; referees: RefereeCandidate[] }) {
  const t = useTranslations('tournaments');
  const [typeId, ruleName, divisions, gradeCodes, discipline] = useWatch({
    control: form.control,
    name: ['type', 'rule', 'divisions', 'gradeCodes', 'discipline'],
  });
  const type = types.find((x) => x.id === typeId);
  const rule = type?.param.rules.find((r) => r.name === ruleName);
  return (
    <div className="space-y-4">
      {!type && <p className="text-sm text-gray-600">{t('chooseTypeFirst')}</p>}
      {type && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="discipline"
            render={({ field }) => (
              <Select
                label={`${t('fields.discipline')} *`}
                value={field.value === null ? '' : String(field.value)}
                onValueChange={(v) => field.onChange(Number(v))}
                options={type.param.disciplines.map((d) => ({ value: String(d), label: t(`disciplines.${d}`) }))}
                disabled={disabled}
                error={errorOf('discipline')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="rule"
            render={({ field }) => (
              <Select
                label={`${t('fields.rule')} *`}
                value={field.value ?? ''}
                onValueChange={(v) => {
                  field.onChange(v);
                  form.setValue('divisions', []);
                }}
                options={type.param.rules.map((r) => ({ value: r.name, label: r.name }))}
                disabled={disabled}
                error={errorOf('rule')}
              />
            )}
          />
        </div>
      )}
      {rule && rule.divisions.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('fields.divisions')} *</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {rule.divisions.map((d) => (
              <label key={d} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={(divisions ?? []).includes(d)}
                  onChange={() => form.setValue('divisions', toggle(form.getValues('divisions'), d), { shouldDirty: true })}
                />
                {d}
              </label>
            ))}
          </div>
          {errorOf('divisions') && <p className="mt-1 text-sm text-red-700">{errorOf('divisions')}</p>}
        </fieldset>
      )}
      {type && type.param.gradeCodes.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('fields.gradeCodes')} *</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {type.param.gradeCodes.map((g) => (
              <label key={g} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={(gradeCodes ?? []).includes(g)}
                  onChange={() => form.setValue('gradeCodes', toggle(form.getValues('gradeCodes'), g), { shouldDirty: true })}
                />
                {g}
              </label>
            ))}
          </div>
          {errorOf('gradeCodes') && <p className="mt-1 text-sm text-red-700">{errorOf('gradeCodes')}</p>}
        </fieldset>
      )}
      <RefereeFields form={form} referees={referees} disabled={disabled} errorOf={errorOf} />
      <RangeCommanders form={form} disabled={disabled} />
      {discipline === DISCIPLINE_3D && (
        <Input
          label={t('fields.numberAnimals')}
          inputMode="numeric"
          error={errorOf('numberAnimals')}
          disabled={disabled}
          {...form.register('numberAnimals')}
          containerClassName="max-w-xs"
        />
      )}
    </div>
  );
}
