'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useUpload } from '@/components/ui/hooks/use-upload';
import { browserFetch, isSessionEnd } from '@/components/ui/session-ended';
import { notify } from '@/components/ui/toast';
import { UploadProgress } from '@/components/ui/upload-progress';
import type { ImportField, ImportVerdict } from '@/lib/domain/member-import';
import type { ImportDryRunSchema, ImportResultSchema } from '@/lib/schemas/member-import';
import { MAX_UPLOAD_BYTES, errorCodeOf, type UploadResult } from '@/lib/upload';
import type { z } from 'zod';
import { undoImportAction, type ChangedRow } from './actions';
import {
  duplicateCheckWait,
  IMPORT_ACCEPT,
  importFields,
  importUrl,
  isImportFileName,
  refusalKey,
  type ImportChoices,
} from './import-request';
import { MappingStep } from './mapping-step';
import { VerdictTable } from './verdict-table';

type DryRun = z.infer<typeof ImportDryRunSchema>;
type Imported = z.infer<typeof ImportResultSchema>;

const NO_CHOICES: ImportChoices = { sheet: null, mapping: {} };

/**
 * The member import of form 51: a CSV or Excel file is checked (dry run, nothing saved), its
 * columns mapped to member fields, each row's verdict shown; 'Importieren' applies exactly the
 * plan shown and can be taken back the same day.
 */
export function MemberImport({ orgId, onClose }: { orgId: number; onClose: () => void }) {
  const t = useTranslations('memberImport.screen');
  const te = useTranslations('errors');
  const tv = useTranslations('memberImport.verdicts');
  const tm = useTranslations('members');
  const locale = useLocale();
  const router = useRouter();
  const [confirmElement, confirm] = useConfirm();
  const { input, percent, send } = useUpload();
  const [file, setFile] = useState<File | null>(null);
  /** The sheet and mapping of the plan shown. */
  const [choices, setChoices] = useState<ImportChoices>(NO_CHOICES);
  const [plan, setPlan] = useState<DryRun | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const [undo, setUndo] = useState<'done' | ChangedRow[] | null>(null);
  const [busy, setBusy] = useState(false);

  function upload(url: string, f: File, fields: Record<string, string>): Promise<UploadResult | null> {
    let answer: UploadResult | null = null;
    return send(url, f, fields, (result) => {
      answer = result;
    }).then(() => answer);
  }

  function refuse({ status, body }: UploadResult) {
    const minutes = duplicateCheckWait(status, body);
    if (minutes !== null) return void notify.error(tm('duplicates.rateLimited', { minutes }));
    notify.error(t(`errors.${refusalKey(status, body)}`));
  }

  /** The dry run of `f` with `next`; the plan shown is replaced only by a new one. */
  async function check(f: File, next: ImportChoices): Promise<void> {
    const answer = await upload(importUrl(orgId, locale, { dryRun: true }), f, importFields(next));
    if (!answer) return;
    if (answer.status !== 200) return refuse(answer);
    const dryRun = answer.body as DryRun;
    setFile(f);
    setPlan(dryRun);
    setChoices({ ...next, sheet: dryRun.sheet });
  }

  async function choose(f: File) {
    if (!isImportFileName(f.name)) return void notify.error(t('errors.wrongType'));
    if (f.size === 0) return void notify.error(t('errors.fileEmpty'));
    if (f.size > MAX_UPLOAD_BYTES) return void notify.error(te('tooLarge'));
    setImported(null);
    setUndo(null);
    await check(f, NO_CHOICES);
  }

  function remap(header: string, field: ImportField | null) {
    if (!file || !plan) return;
    // a field fills one column: the column that had it gives it up
    const mapping: Record<string, ImportField | null> = {};
    for (const c of plan.columns) mapping[c.header] = c.header === header ? field : field !== null && c.field === field ? null : c.field;
    void check(file, { ...choices, mapping });
  }

  async function runImport() {
    if (!file || !plan) return;
    const { counts } = plan;
    if (!(await confirm(t('importConfirm', counts), { title: t('importTitle') }))) return;
    setBusy(true);
    try {
      const answer = await upload(
        importUrl(orgId, locale, { dryRun: false, planId: plan.planId }),
        file,
        importFields(choices, plan.planId),
      );
      if (!answer) return;
      if (answer.status === 201) {
        setImported(answer.body as Imported);
        setPlan(null);
        notify.success(t('imported'));
        router.refresh();
        return;
      }
      if (errorCodeOf(answer.body) === 'plan_changed') {
        // the data changed since the plan was shown: show the new plan instead
        notify.error(t('errors.plan_changed'));
        await check(file, choices);
        return;
      }
      refuse(answer);
    } finally {
      setBusy(false);
    }
  }

  async function downloadCsv() {
    if (!file) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(importFields(choices))) form.append(name, value);
    form.append('file', file, file.name);
    try {
      const response = await browserFetch(importUrl(orgId, locale, { dryRun: true, format: 'csv' }), { method: 'POST', body: form });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = t('csvFileName');
      document.body.appendChild(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch (error) {
      if (!isSessionEnd(error)) notify.error(t('errors.generic'));
    }
  }

  async function undoImport() {
    if (!imported) return;
    if (!(await confirm(t('undoConfirm', imported.counts), { tone: 'danger' }))) return;
    setBusy(true);
    const result = await settleAction(undoImportAction({ importId: imported.importId }));
    setBusy(false);
    if (!applyActionResult(result, null, { success: (data) => (data.undone ? data.message : false) })) return;
    if (result.data.undone) {
      setUndo('done');
      router.refresh();
    } else {
      notify.error(t('undoRefused'));
      setUndo(result.data.changed);
    }
  }

  const uploading = percent !== null;
  const importable = plan ? plan.counts.create + plan.counts.connect + plan.counts.update > 0 : false;

  return (
    <section aria-labelledby="member-import-title" className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
      {confirmElement}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="member-import-title" className="text-lg font-semibold text-gray-900">
          {t('title')}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept={IMPORT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('chooseFile')}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void choose(f);
          }}
        />
        <Button onClick={() => input.current?.click()} loading={uploading} disabled={busy}>
          {t('chooseFile')}
        </Button>
        {file && <span className="text-sm text-gray-700">{file.name}</span>}
        <p className="w-full text-xs text-gray-500">{t('hint')}</p>
        {uploading && <UploadProgress percent={percent} label={t('chooseFile')} />}
      </div>

      {plan && file && (
        <>
          <MappingStep
            plan={plan}
            disabled={uploading || busy}
            onSheet={(sheet) => void check(file, { sheet, mapping: {} })}
            onMap={remap}
          />
          <VerdictTable key={plan.planId} rows={plan.rows} counts={plan.counts} />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void downloadCsv()} disabled={uploading || busy}>
              {t('downloadCsv')}
            </Button>
            <Button onClick={() => void runImport()} disabled={!importable || uploading} loading={busy}>
              {t('import')}
            </Button>
          </div>
        </>
      )}

      {imported && (
        <div role="status" className="space-y-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p>{t(undo === 'done' ? 'undoneSummary' : 'importedSummary', imported.counts)}</p>
          {undo !== 'done' && (
            <Button variant="danger" onClick={() => void undoImport()} loading={busy}>
              {t('undo')}
            </Button>
          )}
        </div>
      )}

      {Array.isArray(undo) && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-medium">{t('changedSince', { count: undo.length })}</p>
          <ul aria-label={t('changedRows')} className="mt-2 list-disc pl-5">
            {undo.map((r) => (
              <li key={r.line}>{t('changedRow', { line: r.line, verdict: tv(r.verdict as ImportVerdict), memberId: r.memberId })}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
