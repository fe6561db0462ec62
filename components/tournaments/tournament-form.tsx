'use client';

import { useEffect, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import type { Tournament } from '@/lib/schemas/tournaments';
import type { RefereeCandidate, TournamentType } from '@/lib/api/tournaments';
import { formPath } from '@/lib/domain/shell';
import { publicChanges } from '@/lib/domain/tournaments/approval';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { useFocusOnRecordChange, useRecordEditor } from '@/components/ui/hooks/use-record-editor';
import { cn } from '@/components/ui/cn';
import { useRequiredFlash } from '@/components/ui/hooks/use-required-flash';
import { decideTournament, saveTournamentAction } from './actions';
import { Attachments } from './attachments';
import { FeeOrder } from './fee-order';
import { TournamentCompetitionStep } from './tournament-competition-step';
import { TournamentGeneralStep } from './tournament-general-step';
import { formIssues, GENERAL_FIELDS, loadTournamentFieldSchemas, tournamentResolver } from './tournament-form-check';
import {
  REQUIRED_FLASH_MS,
  stepOfField,
  toFormValues,
  toInput,
  toVersion,
  TOURNAMENT_STEPS,
  typesFor,
  type TournamentFormValues,
} from './tournament-view';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';

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
      tournament?.approved !== true ||
      publicChanges(tournament, toVersion(form.getValues())).length === 0 ||
      (await ask(t('reapprovalConfirm'))),
    save: (_output, basedOn) =>
      saveTournamentAction({
        orgId,
        id: tournament?.id,
        updatedAt: tournament ? (basedOn ?? undefined) : undefined,
        values: toInput(form.getValues()),
      }),
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
  const {
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
    let current = true;
    // the schemas are loaded by then (a refused check loaded them): this resolves at once
    void loadTournamentFieldSchemas().then((schemas) => {
      if (!current) return;
      const issues = formIssues(schemas, form.getValues(), types, referees, orgId);
      for (const f of checked) {
        const shown = form.getFieldState(f).error;
        if (issues[f]) {
          if (shown?.message !== issues[f]) form.setError(f, { type: 'rule', message: issues[f] });
        } else if (shown && shown.type !== 'server') form.clearErrors(f);
      }
    });
    return () => {
      current = false;
    };
  }, [watched, checked, editor.editing, form, types, referees, orgId]);

  async function next() {
    if (step === 0 && editor.editing) {
      const issues = formIssues(await loadTournamentFieldSchemas(), form.getValues(), types, referees, orgId);
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
      {!canceled && tournament?.approved === false && (
        <p role="status" className="rounded bg-orange-50 px-3 py-2 text-sm text-orange-900">
          {t('awaitingApprovalNote')}
        </p>
      )}

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
          <TournamentGeneralStep form={form} disabled={disabled} errorOf={errorOf} isNew={isNew} types={types} offered={offered} />
        )}

        {step === 1 && <TournamentCompetitionStep form={form} disabled={disabled} errorOf={errorOf} types={types} referees={referees} />}

        {step === 2 && <Attachments orgId={orgId} tournament={tournament} canChange={!canceled} onChanged={onChanged} />}

        {step === 3 &&
          (tournament ? (
            <FeeOrder tournament={tournament} ordercat={type?.param.ordercat} />
          ) : (
            <p className="text-sm text-gray-800">
              {type?.param.ordercat ? t('feeCategory', { cat: type.param.ordercat }) : t('noPayment')}
            </p>
          ))}

        <div className="flex justify-between border-t border-gray-100 pt-3">
          <Button variant="secondary" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
            {t('back')}
          </Button>
          {/* own keys: React must not turn the clicked 'Weiter' into the submit button while its click still runs */}
          {step < TOURNAMENT_STEPS.length - 1 ? (
            <Button key="next" variant="secondary" onClick={() => void next()}>
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
