'use client';

import { useTranslations } from 'next-intl';
import { useWatch, type FieldPath } from 'react-hook-form';
import type { RefereeCandidate } from '@/lib/api/tournaments';
import { MAX_REFEREES } from '@/lib/domain/tournaments/status';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { StepProps } from './tournament-step-props';
import type { TournamentFormValues } from './tournament-view';

/** Main referee (level A) and up to 3 referees (A or B); nobody twice. */
export function RefereeFields({ form, referees, disabled, errorOf }: StepProps & { referees: RefereeCandidate[] }) {
  const t = useTranslations('tournaments');
  const main = useWatch({ control: form.control, name: 'mainRefereeId' });
  const picked = useWatch({ control: form.control, name: 'refereeIds' }) ?? [];
  const label = (r: RefereeCandidate) => `${r.lastName} ${r.firstName} (${r.level})`;
  const free = (keep: number | null) => referees.filter((r) => r.id === keep || (r.id !== main && !picked.includes(r.id)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">{t('fields.referees')}</legend>
      <Select
        label={t('fields.mainReferee')}
        value={main === null ? '' : String(main)}
        onValueChange={(v) => form.setValue('mainRefereeId', Number(v), { shouldDirty: true })}
        options={free(main)
          .filter((r) => r.level === 'A')
          .map((r) => ({ value: String(r.id), label: label(r) }))}
        disabled={disabled}
        error={errorOf('mainReferee' as FieldPath<TournamentFormValues>)}
      />
      {picked.map((id, i) => (
        <div key={`${id}-${i}`} className="flex items-end gap-2">
          <Select
            label={t('fields.referee', { n: i + 1 })}
            value={String(id)}
            onValueChange={(v) =>
              form.setValue(
                'refereeIds',
                picked.map((x, j) => (j === i ? Number(v) : x)),
                { shouldDirty: true },
              )
            }
            options={free(id).map((r) => ({ value: String(r.id), label: label(r) }))}
            disabled={disabled}
          />
          {i > 0 && !disabled && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                form.setValue(
                  'refereeIds',
                  picked.filter((_, j) => j !== i),
                  { shouldDirty: true },
                )
              }
              aria-label={t('removeReferee', { n: i + 1 })}
            >
              ×
            </Button>
          )}
        </div>
      ))}
      {!disabled && picked.length < MAX_REFEREES && free(null).length > 0 && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => form.setValue('refereeIds', [...picked, free(null)[0].id], { shouldDirty: true })}
        >
          {t('addReferee')}
        </Button>
      )}
      {errorOf('referees' as FieldPath<TournamentFormValues>) && (
        <p className="text-sm text-red-700">{errorOf('referees' as FieldPath<TournamentFormValues>)}</p>
      )}
    </fieldset>
  );
}

/** The range commanders (Schießleiter): first and last name each, up to 10. */
export function RangeCommanders({ form, disabled }: Omit<StepProps, 'errorOf'>) {
  const t = useTranslations('tournaments');
  const list = useWatch({ control: form.control, name: 'rangeCommanders' }) ?? [];
  const set = (next: Array<{ firstName: string; lastName: string }>) => form.setValue('rangeCommanders', next, { shouldDirty: true });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">{t('fields.rangeCommanders')}</legend>
      {list.length === 0 && disabled && <p className="text-sm text-gray-500">–</p>}
      {list.map((r, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Input
            label={t('fields.firstName', { n: i + 1 })}
            value={r.firstName}
            disabled={disabled}
            maxLength={100}
            onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, firstName: e.target.value } : x)))}
          />
          <Input
            label={t('fields.lastName', { n: i + 1 })}
            value={r.lastName}
            disabled={disabled}
            maxLength={100}
            onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, lastName: e.target.value } : x)))}
          />
          {!disabled && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => set(list.filter((_, j) => j !== i))}
              aria-label={t('removeRangeCommander', { n: i + 1 })}
            >
              ×
            </Button>
          )}
        </div>
      ))}
      {!disabled && list.length < 10 && (
        <Button variant="secondary" size="sm" onClick={() => set([...list, { firstName: '', lastName: '' }])}>
          {t('addRangeCommander')}
        </Button>
      )}
    </fieldset>
  );
}
