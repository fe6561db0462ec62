'use client';

import { useEffect, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import type { Tournament } from '@/lib/schemas/tournaments';
import type { RefereeCandidate, TournamentType } from '@/lib/api/tournaments';
import { completeIsoDate, todayIso } from '@/lib/domain/dates';
import { formPath } from '@/lib/domain/shell';
import { publicChanges } from '@/lib/domain/tournaments/approval';
import { latestRegistrationDay, latestTournamentDay } from '@/lib/domain/tournaments/rules';
import { DISCIPLINE_3D, MAX_REFEREES } from '@/lib/domain/tournaments/status';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { notify } from '@/components/ui/toast';
import { useFocusOnRecordChange, useRecordEditor } from '@/components/ui/use-record-editor';
import { cn } from '@/components/ui/cn';
import { useRequiredFlash } from '@/components/ui/use-required-flash';
import { decideTournament, saveTournamentAction } from './actions';
import { Attachments } from './attachments';
import { FeeOrder } from './fee-order';
import { formIssues, GENERAL_FIELDS, tournamentResolver } from './tournament-form-check';
import { REQUIRED_FLASH_MS, stepOfField, toFormValues, toInput, toVersion, TOURNAMENT_STEPS, typesFor, type TournamentFormValues } from './tournament-view';
import { useGuardedRouter } from '@/components/ui/use-unsaved-changes-guard';

export interface TournamentFormProps {
  orgId: number;
  funkId: number;
  tournament: Tournament | null;
  types: TournamentType[];
  referees: RefereeCandidate[];
  onChanged: (t: Tournament) => void;
}

/**
 * The tournament in four steps (general, competition, attachments, payment) with an edit toggle;
 * moving on from the first step needs its fields (the contact person above all), saving happens
 * on the last step and is confirmed. The type is fixed once saved; a cancelled tournament is read-only.
 */
export function TournamentForm({ orgId, funkId, tournament, types, referees, onChanged }: TournamentFormProps) {
  const t = useTranslations('tournaments');
  const router = useGuardedRouter();
  const isNew = tournament === null;
  const canceled = tournament?.params.canceled ?? false;
  const [step, setStep] = useState(0);
  const [flashing, flash] = useRequiredFlash(REQUIRED_FLASH_MS);
  const [confirmElement, confirm] = useConfirm();
  const offered = useMemo(() => typesFor(types, orgId), [types, orgId]);
  const resolver = useMemo(() => tournamentResolver(types, referees, orgId), [types, referees, orgId]);
  const values = useMemo(() => toFormValues(tournament), [tournament]);
  const form = useForm<TournamentFormValues>({ resolver, defaultValues: values });
  /** The fields checked by a refused 'Weiter' or save: from then on they are checked again on every change. */
  const [checked, setChecked] = useState<ReadonlyArray<keyof TournamentFormValues> | null>(null);

  /**
   * A refusal shows its field: the step holding the first refused field opens, the toast names it
   * (the API's refusal has been toasted with its field's name already).
   */
  function showRefusal(fieldErrors: Record<string, string>, toast = true) {
    const fields = Object.keys(fieldErrors);
    if (fields.length === 0) return;
    const first = [...fields].sort((a, b) => stepOfField(a) - stepOfField(b))[0];
    const name = first.replace(/^params\./, '');
    setStep(stepOfField(first));
    const label = t.has(`fields.${name}`) ? t(`fields.${name}` as 'fields.name') : name;
    if (toast) notify.error(`${label}: ${fieldErrors[first]}`);
    flash();
  }

  const editor = useRecordEditor({
    form,
    values,
    version: tournament?.updatedAt ?? null,
    isNew,
    draftKey: formPath(orgId, funkId, tournament?.id ?? 'new'),
    firstField: 'name',
    successMessage: isNew ? t('created') : t('updated'),
    onInvalid: ({ errors, refusal }) => {
      if (errors) {
        setChecked(Object.keys(form.getValues()) as Array<keyof TournamentFormValues>);
        showRefusal(messagesOf(errors));
        return;
      }
      if (refusal?.code !== 'validation') return;
      // the API names the field as it is sent (params.numberAnimals); the form holds it flat
      const fieldErrors = Object.fromEntries(Object.entries(refusal.fieldErrors ?? {}).map(([k, m]) => [k.replace(/^params\./, ''), m]));
      for (const [k, m] of Object.entries(fieldErrors)) form.setError(k as FieldPath<TournamentFormValues>, { type: 'server', message: m });
      if (Object.keys(fieldErrors).length) showRefusal(fieldErrors, false);
      else flash();
    },
    onCancelNew: () => void router.push(formPath(orgId, funkId)),
    // an approved tournament: a change of what the public sees goes to the federation for approval again
    confirmMore: async (_output, ask) =>
      tournament?.approved !== true || publicChanges(tournament, toVersion(form.getValues())).length === 0 || (await ask(t('reapprovalConfirm'))),
    save: (_output, basedOn) => saveTournamentAction({ orgId, id: tournament?.id, updatedAt: tournament ? (basedOn ?? undefined) : undefined, values: toInput(form.getValues()) }),
    onSaved: (data) => {
      const saved = data as Tournament;
      if (isNew) void router.push(formPath(orgId, funkId, saved.id));
      else onChanged(saved);
      setStep(0);
    },
  });
  const headingRef = useFocusOnRecordChange(String(tournament?.id ?? 'new'));
  const disabled = !editor.editing;
  const watched = useWatch({ control: form.control });
  const type = types.find((x) => x.id === watched.type);
  const rule = type?.param.rules.find((r) => r.name === watched.rule);
  const today = todayIso();
  const latest = latestTournamentDay(today);
  // the end field may hold half-typed text: only a complete end date moves the registration bound
  const latestRegistrationDayOf = (end: string | null | undefined) => {
    const complete = completeIsoDate(end);
    return complete ? latestRegistrationDay(complete) : latest;
  };
  const {
    register,
    formState: { errors },
  } = form;
  const ruleText = (m: string) => (t.has(`rules.${m}`) ? t(`rules.${m}` as 'rules.required') : t('rules.required'));
  const errorOf = (name: FieldPath<TournamentFormValues>) => {
    const m = (errors as Record<string, { message?: string; type?: string } | undefined>)[name];
    if (!m?.message) return undefined;
    // the API's refusals arrive as text, the form's own checks as rule keys
    return m.type === 'server' ? m.message : ruleText(m.message);
  };
  function messagesOf(found: FieldErrors<TournamentFormValues>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(found as Record<string, { message?: string } | undefined>)
        .filter(([, e]) => e?.message)
        .map(([k, e]) => [k, ruleText(e!.message!)]),
    );
  }

  // after a refused 'Weiter' or save, every change checks the refused step's fields again: a field
  // filled since loses its message, a new problem shows at once
  useEffect(() => {
    if (!checked || !editor.editing) return;
    const issues = formIssues(form.getValues(), types, referees, orgId);
    for (const f of checked) {
      const current = form.getFieldState(f).error;
      if (issues[f]) {
        if (current?.message !== issues[f]) form.setError(f, { type: 'rule', message: issues[f] });
      } else if (current && current.type !== 'server') form.clearErrors(f);
    }
  }, [watched, checked, editor.editing, form, types, referees, orgId]);

  function next() {
    if (step === 0 && editor.editing) {
      const issues = formIssues(form.getValues(), types, referees, orgId);
      const missing = GENERAL_FIELDS.filter((f) => issues[f]);
      setChecked((c) => (c && c.length > GENERAL_FIELDS.length ? c : GENERAL_FIELDS));
      if (missing.length) {
        for (const f of missing) form.setError(f, { type: 'rule', message: issues[f] });
        showRefusal(Object.fromEntries(missing.map((f) => [f, ruleText(issues[f])])));
        return;
      }
    }
    setStep((s) => Math.min(s + 1, TOURNAMENT_STEPS.length - 1));
  }

  async function cancelTournament() {
    if (!tournament || !(await confirm(t('cancelConfirm'), { tone: 'danger' }))) return;
    const res = await decideTournament({ orgId, id: tournament.id, action: 'cancel' });
    if (applyActionResult(res, null, { success: t('canceledToast') })) onChanged(res.data as Tournament);
  }

  const title = isNew ? t('newTitle') : tournament!.name;
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((x) => x !== value) : [...list, value]);

  return (
    <section aria-labelledby="tournament-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {editor.confirmElement}
      {confirmElement}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="tournament-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
            {title}
          </h2>
          {tournament && <p className="text-sm text-gray-600">{t(`status.${tournament.status}`)}</p>}
        </div>
        <div className="flex gap-2">
          {!editor.editing && !canceled && (
            <>
              <Button variant="secondary" onClick={editor.startEdit}>
                {t('edit')}
              </Button>
              {!isNew && (
                <Button variant="danger" onClick={() => void cancelTournament()}>
                  {t('cancelTournament')}
                </Button>
              )}
            </>
          )}
          {editor.editing && (
            <Button variant="secondary" onClick={editor.cancel} disabled={editor.busy}>
              {t('abort')}
            </Button>
          )}
        </div>
      </div>
      {canceled && <p className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">{t('canceledNote')}</p>}
      {!canceled && tournament?.approved === false && <p role="status" className="rounded bg-orange-50 px-3 py-2 text-sm text-orange-900">{t('awaitingApprovalNote')}</p>}

      <ol aria-label={t('stepsLabel')} className="flex flex-wrap gap-2">
        {TOURNAMENT_STEPS.map((s, i) => (
          <li key={s}>
            <button
              type="button"
              aria-current={step === i ? 'step' : undefined}
              onClick={() => (i <= step || !editor.editing ? setStep(i) : undefined)}
              className={cn('rounded-full px-3 py-1 text-sm', step === i ? 'bg-brand text-white' : 'bg-gray-100 text-gray-700')}
            >
              {i + 1}. {t(`steps.${s}`)}
            </button>
          </li>
        ))}
      </ol>

      <form
        key={editor.fieldsKey}
        noValidate
        aria-label={title}
        data-flash={flashing || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          if (editor.editing && step === TOURNAMENT_STEPS.length - 1) void editor.save();
        }}
        className={cn('space-y-4 rounded-lg border-2 p-2 transition-colors', flashing ? 'border-red-500' : 'border-transparent')}
      >
        {step === 0 && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label={`${t('fields.name')} *`} error={errorOf('name')} disabled={disabled} {...register('name')} />
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
                    max={name === 'start' || name === 'end' ? latest : latestRegistrationDayOf(watched.end)}
                    error={errorOf(name)}
                    disabled={disabled}
                  />
                )}
              />
            ))}
            <Input label={`${t('fields.location')} *`} error={errorOf('location')} disabled={disabled} {...register('location')} />
            <Input label={t('fields.linkToRegistration')} type="url" error={errorOf('linkToRegistration')} disabled={disabled} {...register('linkToRegistration')} />
            <Input label={`${t('fields.contactPerson')} *`} error={errorOf('contactPerson')} disabled={disabled} {...register('contactPerson')} />
            <Input label={`${t('fields.email')} *`} type="email" error={errorOf('email')} disabled={disabled} {...register('email')} />
            <Input label={t('fields.phone')} type="tel" error={errorOf('phone')} disabled={disabled} {...register('phone')} />
          </div>
        )}

        {step === 1 && (
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
                      <input type="checkbox" disabled={disabled} checked={(watched.divisions ?? []).includes(d)} onChange={() => form.setValue('divisions', toggle(form.getValues('divisions'), d), { shouldDirty: true })} />
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
                      <input type="checkbox" disabled={disabled} checked={(watched.gradeCodes ?? []).includes(g)} onChange={() => form.setValue('gradeCodes', toggle(form.getValues('gradeCodes'), g), { shouldDirty: true })} />
                      {g}
                    </label>
                  ))}
                </div>
                {errorOf('gradeCodes') && <p className="mt-1 text-sm text-red-700">{errorOf('gradeCodes')}</p>}
              </fieldset>
            )}
            <RefereeFields form={form} referees={referees} disabled={disabled} errorOf={errorOf} />
            <RangeCommanders form={form} disabled={disabled} />
            {watched.discipline === DISCIPLINE_3D && (
              <Input label={t('fields.numberAnimals')} inputMode="numeric" error={errorOf('numberAnimals')} disabled={disabled} {...register('numberAnimals')} containerClassName="max-w-xs" />
            )}
          </div>
        )}

        {step === 2 && <Attachments orgId={orgId} tournament={tournament} canChange={!canceled} onChanged={onChanged} />}

        {step === 3 && (tournament ? <FeeOrder tournament={tournament} ordercat={type?.param.ordercat} /> : <p className="text-sm text-gray-800">{type?.param.ordercat ? t('feeCategory', { cat: type.param.ordercat }) : t('noPayment')}</p>)}

        <div className="flex justify-between border-t border-gray-100 pt-3">
          <Button variant="secondary" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
            {t('back')}
          </Button>
          {/* own keys: React must not turn the clicked 'Weiter' into the submit button while its click still runs */}
          {step < TOURNAMENT_STEPS.length - 1 ? (
            <Button key="next" variant="secondary" onClick={next}>
              {t('next')}
            </Button>
          ) : (
            editor.editing && (
              <Button key="save" type="submit" loading={editor.busy}>
                {t('save')}
              </Button>
            )
          )}
        </div>
      </form>
    </section>
  );
}

type FormApi = ReturnType<typeof useForm<TournamentFormValues>>;

/** Main referee (level A) and up to 3 referees (A or B); nobody twice. */
function RefereeFields({ form, referees, disabled, errorOf }: { form: FormApi; referees: RefereeCandidate[]; disabled: boolean; errorOf: (n: FieldPath<TournamentFormValues>) => string | undefined }) {
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
        options={free(main).filter((r) => r.level === 'A').map((r) => ({ value: String(r.id), label: label(r) }))}
        disabled={disabled}
        error={errorOf('mainReferee' as FieldPath<TournamentFormValues>)}
      />
      {picked.map((id, i) => (
        <div key={`${id}-${i}`} className="flex items-end gap-2">
          <Select
            label={t('fields.referee', { n: i + 1 })}
            value={String(id)}
            onValueChange={(v) => form.setValue('refereeIds', picked.map((x, j) => (j === i ? Number(v) : x)), { shouldDirty: true })}
            options={free(id).map((r) => ({ value: String(r.id), label: label(r) }))}
            disabled={disabled}
          />
          {i > 0 && !disabled && (
            <Button variant="secondary" size="sm" onClick={() => form.setValue('refereeIds', picked.filter((_, j) => j !== i), { shouldDirty: true })} aria-label={t('removeReferee', { n: i + 1 })}>
              ×
            </Button>
          )}
        </div>
      ))}
      {!disabled && picked.length < MAX_REFEREES && free(null).length > 0 && (
        <Button variant="secondary" size="sm" onClick={() => form.setValue('refereeIds', [...picked, free(null)[0].id], { shouldDirty: true })}>
          {t('addReferee')}
        </Button>
      )}
      {errorOf('referees' as FieldPath<TournamentFormValues>) && <p className="text-sm text-red-700">{errorOf('referees' as FieldPath<TournamentFormValues>)}</p>}
    </fieldset>
  );
}

/** The range commanders (Schießleiter): first and last name each, up to 10. */
function RangeCommanders({ form, disabled }: { form: FormApi; disabled: boolean }) {
  const t = useTranslations('tournaments');
  const list = useWatch({ control: form.control, name: 'rangeCommanders' }) ?? [];
  const set = (next: Array<{ firstName: string; lastName: string }>) => form.setValue('rangeCommanders', next, { shouldDirty: true });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">{t('fields.rangeCommanders')}</legend>
      {list.length === 0 && disabled && <p className="text-sm text-gray-500">–</p>}
      {list.map((r, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <Input label={t('fields.firstName', { n: i + 1 })} value={r.firstName} disabled={disabled} maxLength={100} onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, firstName: e.target.value } : x)))} />
          <Input label={t('fields.lastName', { n: i + 1 })} value={r.lastName} disabled={disabled} maxLength={100} onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, lastName: e.target.value } : x)))} />
          {!disabled && (
            <Button variant="secondary" size="sm" onClick={() => set(list.filter((_, j) => j !== i))} aria-label={t('removeRangeCommander', { n: i + 1 })}>
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
