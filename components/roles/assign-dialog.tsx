'use client';

import { useMemo, useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import type { RoleGroup } from '@/lib/schemas/member-responses';
import type { RoleOrganisation } from '@/lib/schemas/role-members';
import type { RoleAssignResult } from '@/lib/schemas/roles';
import { todayIso } from '@/lib/domain/dates';
import { assignmentDatesProblem } from '@/lib/domain/role-assignment';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toast';
import { assign, undo } from './actions';
import { offeredGroups } from './role-view';

export interface AssignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actingOrgId: number;
  org: RoleOrganisation;
  groups: RoleGroup[];
  members: Array<{ id: number; name: string }>;
  /** Something was saved or undone: the member table reloads. */
  onSaved: () => void;
}

/**
 * The assignment dialog: the roles offered in the organisation (grouped), start (today by default)
 * and an optional end not before it. "Probelauf" shows every verdict without saving; "Zuweisen"
 * saves what is allowed and shows per person and role what worked and why something was refused;
 * "Rückgängig" takes the saved batch back.
 */
export function AssignDialog({ open, onOpenChange, actingOrgId, org, groups, members, onSaved }: AssignDialogProps) {
  const t = useTranslations('roles');
  const offered = useMemo(() => offeredGroups(groups, org.id, [actingOrgId]), [groups, org.id, actingOrgId]);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [start, setStart] = useState<string | null>(() => todayIso());
  const [end, setEnd] = useState<string | null>(null);
  const [result, setResult] = useState<RoleAssignResult | null>(null);
  const [undone, setUndone] = useState(false);
  const [pending, startTransition] = useTransition();
  const [confirmElement, confirm] = useConfirm();

  const problem = assignmentDatesProblem(start, end, todayIso());
  const ready = problem === null && roleIds.length > 0 && members.length > 0;

  function toggleRole(id: number) {
    setRoleIds((list) => (list.includes(id) ? list.filter((r) => r !== id) : [...list, id]));
    setResult(null);
  }

  function run(dryRun: boolean) {
    if (!ready) return;
    startTransition(async () => {
      const res = await assign({ orgId: org.id, memberIds: members.map((m) => m.id), roleIds, start, end, dryRun });
      if (!applyActionResult(res, null, { success: false })) return;
      setResult(res.data);
      setUndone(false);
      if (!dryRun && res.data.success.length > 0) {
        notify.success(t('assigned', { count: res.data.success.length }));
        onSaved();
      }
      if (res.data.errors.length > 0) notify.error(t('refusedCount', { count: res.data.errors.length }));
    });
  }

  async function undoBatch() {
    if (!result?.batchId) return;
    if (!(await confirm(t('undoConfirm', { count: result.success.length }), { tone: 'danger' }))) return;
    const batchId = result.batchId;
    startTransition(async () => {
      const res = await undo({ batchId });
      if (!applyActionResult(res, null, { success: t('undone', { count: res.ok ? res.data.removed : 0 }) })) return;
      setUndone(true);
      onSaved();
    });
  }

  const footer = (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={() => onOpenChange(false)}>
        {t('close')}
      </Button>
      <Button variant="secondary" onClick={() => run(true)} disabled={!ready || pending}>
        {t('dryRun')}
      </Button>
      <Button onClick={() => run(false)} disabled={!ready || pending} loading={pending}>
        {t('confirm')}
      </Button>
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('dialogTitle', { org: org.name })}
      description={t('dialogFor', { count: members.length })}
      footer={footer}
      widthClassName="max-w-3xl"
    >
      <div className="space-y-4">
        <p className="text-sm text-gray-700">{members.map((m) => m.name).join(', ')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField
            label={t('start')}
            value={start}
            onChange={(v) => {
              setStart(v);
              setResult(null);
            }}
            error={problem === 'dateMissing' ? t('dateMissing') : null}
          />
          <DateField
            label={t('end')}
            value={end}
            onChange={(v) => {
              setEnd(v);
              setResult(null);
            }}
            min={start ?? todayIso()}
            minMessage={t('dateWrong')}
            error={problem === 'dateWrong' ? t('dateWrong') : null}
          />
        </div>
        <div className="max-h-72 space-y-3 overflow-y-auto rounded border border-gray-200 p-3">
          {offered.length === 0 && <p className="text-sm text-gray-500">{t('noRoles')}</p>}
          {offered.map((g) => (
            <fieldset key={g.id}>
              <legend className="text-sm font-semibold text-gray-800">{g.group}</legend>
              <div className="mt-1 grid gap-1 sm:grid-cols-2">
                {g.roles.map((r) => (
                  <label key={r.id} className="flex items-center gap-2 text-sm text-gray-800">
                    <input type="checkbox" checked={roleIds.includes(r.id)} onChange={() => toggleRole(r.id)} />
                    {r.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        {result && <AssignmentResult result={result} undone={undone} onUndo={undoBatch} pending={pending} />}
      </div>
      {confirmElement}
    </Dialog>
  );
}

function AssignmentResult({
  result,
  undone,
  onUndo,
  pending,
}: {
  result: RoleAssignResult;
  undone: boolean;
  onUndo: () => void;
  pending: boolean;
}) {
  const t = useTranslations('roles');
  return (
    <section
      aria-label={result.dryRun ? t('dryRunResult') : t('result')}
      className="space-y-2 rounded border border-gray-200 bg-gray-50 p-3 text-sm"
    >
      <h3 className="font-semibold text-gray-900">{result.dryRun ? t('dryRunResult') : t('result')}</h3>
      {result.dryRun && <p className="text-gray-700">{t('dryRunNote')}</p>}
      <ul className="space-y-1">
        {result.success.map((s) => (
          <li key={`ok-${s.memberId}-${s.roleId}`} className="text-green-800">
            ✓ {t('okLine', { name: s.name, role: s.role })}
          </li>
        ))}
        {result.errors.map((e) => (
          <li key={`no-${e.memberId}-${e.roleId}`} className="text-red-700">
            ✗ {t('errorLine', { name: e.name || `#${e.memberId}`, role: e.role || `#${e.roleId}`, reason: t(`reasons.${e.reason}`) })}
          </li>
        ))}
      </ul>
      {result.batchId && !result.dryRun && (
        <div className="flex items-center gap-3">
          {undone ? (
            <span className="text-gray-700">{t('undoneNote')}</span>
          ) : (
            <Button variant="secondary" size="sm" onClick={onUndo} disabled={pending}>
              {t('undo')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
