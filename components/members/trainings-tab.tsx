'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { MemberCertificate, TrainingDefinition } from '@/lib/api/member-types';
import { completeIsoDate, formatDisplayDate } from '@/lib/domain/dates';
import { trainingValidTo } from '@/lib/domain/members';
import { addTrainingAction, removeTrainingAction } from './actions';

export interface TrainingsTabProps {
  memberId: number;
  /** The acting organisation: it records the training. */
  orgId: number;
  certificates: MemberCertificate[];
  /** The training types the acting organisation may record and remove (already filtered by the API's rules). */
  definitions: TrainingDefinition[];
  /** Edit mode and the right to edit this member. */
  canEdit: boolean;
}

/** The trainings/certificates table (group title, name, start, end, controller) with add and remove. */
export function TrainingsTab({ memberId, orgId, certificates, definitions, canEdit }: TrainingsTabProps) {
  const t = useTranslations('members.trainings');
  const router = useRouter();
  const [confirmElement, confirm] = useConfirm();
  const [removing, setRemoving] = useState<number | null>(null);
  const editable = new Set(definitions.map((d) => d.trainingId));
  const rows = [...certificates].sort((a, b) => b.dateFrom.localeCompare(a.dateFrom) || a.certName.localeCompare(b.certName, 'de'));

  async function remove(cert: MemberCertificate) {
    if (!(await confirm(t('removeConfirm', { name: cert.certName }), { tone: 'danger' }))) return;
    setRemoving(cert.ausb_mg_id);
    const result = await removeTrainingAction({ memberId, ausbMgId: cert.ausb_mg_id, orgId });
    setRemoving(null);
    if (!applyActionResult(result)) return;
    router.refresh();
  }

  return (
    <div className="space-y-4">
      {confirmElement}
      <BriefTable
        label={t('label')}
        columns={[
          { key: 'group', header: t('group') },
          { key: 'name', header: t('name') },
          { key: 'start', header: t('start') },
          { key: 'end', header: t('end') },
          { key: 'controller', header: t('controller') },
          ...(canEdit ? [{ key: 'actions', header: t('actions'), srOnly: true }] : []),
        ]}
        emptyText={t('empty')}
        isEmpty={rows.length === 0}
      >
        {rows.map((c) => (
          <tr key={c.ausb_mg_id}>
            <BriefCell>{c.certGroupName}</BriefCell>
            <BriefCell>{c.certName}</BriefCell>
            <BriefCell>{formatDisplayDate(c.dateFrom)}</BriefCell>
            <BriefCell>{formatDisplayDate(c.dateTo)}</BriefCell>
            <BriefCell>{c.certController ?? ''}</BriefCell>
            {canEdit && (
              <BriefCell className="text-right">
                {editable.has(c.certId) && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('removeLabel', { name: c.certName })}
                    loading={removing === c.ausb_mg_id}
                    onClick={() => void remove(c)}
                  >
                    {t('remove')}
                  </Button>
                )}
              </BriefCell>
            )}
          </tr>
        ))}
      </BriefTable>
      {canEdit && definitions.length > 0 && <AddTrainingForm memberId={memberId} orgId={orgId} definitions={definitions} />}
    </div>
  );
}

/** Add a training: type and start date required (the button stays disabled without them); end and controller optional. */
export function AddTrainingForm({ memberId, orgId, definitions }: { memberId: number; orgId: number; definitions: TrainingDefinition[] }) {
  const t = useTranslations('members.trainings');
  const router = useRouter();
  const [trainingId, setTrainingId] = useState('');
  const [dateFrom, setDateFrom] = useState<string | null>(null);
  // null = not touched: the end follows from the type's validity (lib/domain trainingValidTo)
  const [dateTo, setDateTo] = useState<{ value: string | null } | null>(null);
  const [controller, setController] = useState('');
  const [saving, setSaving] = useState(false);
  // date fields that refuse their typed text (their value then still holds the previous date)
  const [startAccepted, setStartAccepted] = useState(true);
  const [endAccepted, setEndAccepted] = useState(true);

  const definition = definitions.find((d) => String(d.trainingId) === trainingId);
  // the start field may hold half-typed text: only a complete date suggests an end or can be saved
  const from = completeIsoDate(dateFrom);
  const suggestedEnd = definition && from ? trainingValidTo(from, definition.validityMonths) : null;
  const end = dateTo ? dateTo.value : suggestedEnd;
  const ready = Boolean(definition && from) && startAccepted && endAccepted;
  const options = [...definitions]
    .sort((a, b) => a.groupTitle.localeCompare(b.groupTitle, 'de') || a.name.localeCompare(b.name, 'de'))
    .map((d) => ({ value: String(d.trainingId), label: `${d.groupTitle} – ${d.name}` }));

  async function add() {
    if (!definition || !from || !ready) return;
    setSaving(true);
    const result = await addTrainingAction({
      memberId,
      values: {
        orgId,
        trainingId: definition.trainingId,
        dateFrom: from,
        dateTo: end,
        controller: controller.trim() || null,
      },
    });
    setSaving(false);
    if (!applyActionResult(result)) return;
    setTrainingId('');
    setDateFrom(null);
    setDateTo(null);
    setController('');
    router.refresh();
  }

  return (
    <form
      aria-label={t('add')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
      className="grid items-end gap-3 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <Select
        label={`${t('type')} *`}
        placeholder={t('chooseType')}
        value={trainingId}
        onValueChange={setTrainingId}
        options={options}
        className="lg:col-span-2"
      />
      <DateField label={`${t('start')} *`} value={dateFrom} onChange={setDateFrom} onValidityChange={setStartAccepted} />
      <DateField
        label={t('end')}
        value={end}
        min={dateFrom ?? undefined}
        onChange={(value) => setDateTo({ value })}
        onValidityChange={setEndAccepted}
      />
      <Input label={t('controller')} value={controller} onChange={(e) => setController(e.target.value)} />
      <div className="sm:col-span-2 lg:col-span-5">
        <Button type="submit" disabled={!ready} loading={saving}>
          {t('add')}
        </Button>
      </div>
    </form>
  );
}
