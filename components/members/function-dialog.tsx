'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { notify } from '@/components/ui/toast';
import type { MemberRole, MemberTargetOrg, RoleGroup } from '@/lib/api/member-types';
import { isOpenEnded, todayIso } from '@/lib/domain/dates';
import { functionGroupsAction, saveFunctionAction } from './actions';
import { OrgPicker } from './org-picker';

export interface FunctionDialogProps {
  memberId: number;
  /** The organisation the function is held in (the acting organisation; the federation may choose another). */
  orgId: number;
  /** The assignable roles in `orgId` (the API filtered them by editWhitelist and the org lists). */
  groups: RoleGroup[];
  /**
   * The federation's choice of organisations for a new function; the roles offered follow the
   * chosen one. Absent or null: the function goes into `orgId`.
   */
  orgs?: MemberTargetOrg[] | null;
  /** An existing assignment to change the period of; null adds a new one. */
  role: MemberRole | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds a function (role and period) or changes the period of one; no end = open-ended ('unbefristet'). */
export function FunctionDialog({ memberId, orgId, groups, orgs, role, onClose, onSaved }: FunctionDialogProps) {
  const t = useTranslations('members');
  const [targetOrg, setTargetOrg] = useState(role?.orgId ?? orgId);
  const [offered, setOffered] = useState(groups);
  const [loadingRoles, setLoadingRoles] = useState(false);
  /** The organisation asked about last: an older, slower answer must not replace its roles. */
  const asked = useRef(targetOrg);
  const [roleId, setRoleId] = useState(role ? String(role.funcId) : '');
  const [from, setFrom] = useState<string | null>(role?.dateFrom ?? todayIso());
  const [to, setTo] = useState<string | null>(role && !isOpenEnded(role.dateTo) ? role.dateTo : null);
  const [saving, setSaving] = useState(false);
  const [toError, setToError] = useState<string | null>(null);
  // date fields that refuse their typed text (their value then still holds the previous date)
  const [fromAccepted, setFromAccepted] = useState(true);
  const [toAccepted, setToAccepted] = useState(true);
  const datesAccepted = fromAccepted && toAccepted;

  const choosing = role === null && Boolean(orgs?.length);

  /** Another organisation: what may be assigned there differs (org white/blacklists), so ask again. */
  async function chooseOrg(next: number) {
    if (next === targetOrg) return;
    setTargetOrg(next);
    setRoleId('');
    asked.current = next;
    if (next === orgId) {
      setOffered(groups);
      setLoadingRoles(false);
      return;
    }
    setLoadingRoles(true);
    const result = await functionGroupsAction({ orgId: next });
    if (asked.current !== next) return;
    setLoadingRoles(false);
    if (!result.ok) {
      setOffered([]);
      notify.error(result.message);
      return;
    }
    setOffered(result.data);
  }

  const options = offered.flatMap((g) => g.roles.map((r) => ({ value: String(r.id), label: `${g.group}: ${r.name}` })));
  if (role && !options.some((o) => o.value === String(role.funcId))) {
    options.unshift({ value: String(role.funcId), label: `${role.funcGroup}: ${role.funcName}` });
  }

  async function save() {
    if (!roleId || !from || !datesAccepted) return;
    setSaving(true);
    const result = await saveFunctionAction({
      values: {
        ...(role ? { id: role.funkMgId, updatedAt: role.updatedAt } : {}),
        orgId: role?.orgId ?? targetOrg,
        memberId,
        roleId: Number(roleId),
        from,
        to,
      },
    });
    setSaving(false);
    if (!applyActionResult(result)) {
      setToError(result.fieldErrors?.to ?? null);
      return;
    }
    onSaved();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !saving) onClose();
      }}
      title={role ? t('functions.editTitle', { name: role.funcName }) : t('functions.add')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!roleId || !from || !datesAccepted || loadingRoles} loading={saving}>
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {choosing && orgs && (
          <OrgPicker label={`${t('functions.organisation')} *`} orgs={orgs} value={targetOrg} onChange={(id) => void chooseOrg(id)} />
        )}
        <Select
          label={`${t('functions.role')} *`}
          placeholder={
            loadingRoles ? t('functions.loadingRoles') : options.length === 0 ? t('functions.noRoles') : t('functions.chooseRole')
          }
          value={roleId}
          onValueChange={setRoleId}
          options={options}
          disabled={role !== null || loadingRoles || options.length === 0}
        />
        <DateField label={`${t('functions.from')} *`} value={from} onChange={setFrom} onValidityChange={setFromAccepted} />
        <DateField
          label={t('functions.to')}
          value={to}
          min={from ?? undefined}
          onChange={(v) => {
            setTo(v);
            setToError(null);
          }}
          onValidityChange={setToAccepted}
          error={toError}
        />
        {!to && (
          <p className="text-xs text-gray-500">
            {t('functions.to')}: {t('unlimited')}
          </p>
        )}
      </div>
    </Dialog>
  );
}
