'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast';
import type { ActionResult } from '@/lib/api/action-result';
import type {
  DuplicateCandidate,
  MemberDetail as MemberDetailData,
  MemberRole,
  MemberTargetOrg,
  RoleGroup,
  TrainingDefinition,
} from '@/lib/api/member-types';
import type { Country } from '@/lib/api/types';
import { todayIso } from '@/lib/domain/dates';
import { ORG_LEVEL_CLUB } from '@/lib/domain/functions';
import { formPath } from '@/lib/domain/shell';
import { checkDuplicatesAction, connectMemberAction, createMemberAction, deleteMemberAction, updateMemberAction } from './actions';
import { DuplicateDialog } from './duplicate-dialog';
import { FunctionsTab } from './functions-tab';
import { MemberCard } from './member-card';
import { MemberForm } from './member-form';
import { memberFormSchema, memberFormValues, type MemberFormValues } from './member-form-schema';
import { TrainingsTab } from './trainings-tab';

/** What the acting organisation may do before any member is opened. */
export interface ActingRights {
  /** Level of the acting organisation when known (1 federation, 2 state, 3 club). */
  level: number | null;
  canCreate: boolean;
  /** Creating happens in a club: duplicates can be connected, memberships added. */
  isClub: boolean;
}

export interface MemberDetailProps {
  orgId: number;
  funkId: number;
  /** null: a new member ('new'). */
  member: MemberDetailData | null;
  roles: MemberRole[];
  countries: Country[];
  trainingDefinitions: TrainingDefinition[];
  functionGroups: RoleGroup[];
  acting: ActingRights;
  /**
   * The federation's organisation picker: where it may put memberships (clubs) and functions.
   * Absent or null (clubs, state associations): everything goes into the acting organisation.
   */
  targetOrgs?: MemberTargetOrg[] | null;
}

type Tab = 'personal' | 'training' | 'functions';

/**
 * Right side of the member page: profile card and the tabs personal data / training / functions
 * and licences (the last two only for a saved member). Read mode by default; 'Bearbeiten' switches
 * to edit mode, 'Abbrechen' reloads and leaves it (core §2, §4).
 */
export function MemberDetail({
  orgId,
  funkId,
  member,
  roles,
  countries,
  trainingDefinitions,
  functionGroups,
  acting,
  targetOrgs = null,
}: MemberDetailProps) {
  const t = useTranslations('members');
  const router = useRouter();
  const [confirmElement, confirm] = useConfirm();
  const isNew = member === null;
  const canEdit = isNew ? acting.canCreate : member.access.canEdit;
  const [editing, setEditing] = useState(isNew);
  const [tab, setTab] = useState<Tab>('personal');
  const [busy, setBusy] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateCandidate[] | null>(null);
  const [today] = useState(() => todayIso());
  // The birth-date field refuses what was typed: the form still holds the previous date, so saving
  // now would store something other than what the field shows.
  const birthDateRefused = useRef(false);
  // Bumped by cancel: the fields mount afresh, so no typed text outlives the reload.
  const [formKey, setFormKey] = useState(0);

  const form = useForm<MemberFormValues>({
    resolver: zodResolver(memberFormSchema(today)),
    defaultValues: memberFormValues(member),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // The page was refreshed (saved, photo or trainings changed ...): follow the member's new data,
  // keeping whatever the user is typing.
  useEffect(() => {
    form.reset(memberFormValues(member), { keepDirtyValues: true });
  }, [form, member]);

  const name = member ? `${member.firstName} ${member.surname}` : t('newMember');

  /** A refused save: field messages on the form, the message as a toast. */
  function showFailure(result: Extract<ActionResult<unknown>, { ok: false }>) {
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      if (field in form.getValues()) form.setError(field as keyof MemberFormValues, { message });
    }
    if (result.fieldErrors && Object.keys(result.fieldErrors).length > 0) setTab('personal');
    notify.error(result.message);
  }

  async function create(values: MemberFormValues) {
    setBusy(true);
    const result = await createMemberAction(orgId, values);
    setBusy(false);
    if (!result.ok) {
      setDuplicates(null);
      showFailure(result);
      return;
    }
    setDuplicates(null);
    notify.success(result.data.message);
    router.push(formPath(orgId, funkId, result.data.id));
  }

  async function onValid() {
    if (!(await confirm(t('saveConfirm')))) return;
    const values = form.getValues();
    if (isNew) {
      setBusy(true);
      const check = await checkDuplicatesAction(values);
      setBusy(false);
      if (!check.ok) {
        showFailure(check);
        return;
      }
      if (check.data.length > 0) {
        notify.warning(t('duplicates.found'));
        setDuplicates(check.data);
        return;
      }
      await create(values);
      return;
    }
    setBusy(true);
    const result = await updateMemberAction(orgId, member.id, member.updatedAt, values);
    setBusy(false);
    if (!result.ok) {
      showFailure(result);
      return;
    }
    notify.success(result.data.message);
    // what was typed is saved now: not "dirty" any more, so the refreshed data replaces it
    form.reset(values);
    setEditing(false);
    router.refresh();
  }

  const submit = form.handleSubmit(onValid, () => setTab('personal'));

  async function save() {
    if (birthDateRefused.current) {
      setTab('personal');
      notify.error(t('validation.invalidDate'));
      return;
    }
    await submit();
  }

  function cancel() {
    if (isNew) {
      router.push(formPath(orgId, funkId));
      return;
    }
    form.reset(memberFormValues(member));
    birthDateRefused.current = false;
    setFormKey((k) => k + 1);
    setEditing(false);
    router.refresh();
  }

  async function remove() {
    if (!member) return;
    if (!(await confirm(t('deleteConfirm', { name }), { tone: 'danger' }))) return;
    setBusy(true);
    const result = await deleteMemberAction(member.id);
    setBusy(false);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    notify.success(result.data.message);
    router.push(formPath(orgId, funkId));
    router.refresh();
  }

  const clubs = targetOrgs ? targetOrgs.filter((o) => o.level === ORG_LEVEL_CLUB) : null;

  async function connect(candidate: DuplicateCandidate, clubId: number) {
    setBusy(true);
    const result = await connectMemberAction(clubId, candidate.id, candidate.proof);
    setBusy(false);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    setDuplicates(null);
    notify.success(result.data.message);
    router.push(formPath(orgId, funkId, candidate.id));
  }

  const actions = canEdit ? (
    editing ? (
      <>
        <Button onClick={() => void save()} loading={busy}>
          {t('save')}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={busy}>
          {t('cancel')}
        </Button>
      </>
    ) : (
      <>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('edit')}
        </Button>
        {member?.access.canDelete && (
          <Button variant="danger" onClick={() => void remove()} loading={busy}>
            {t('delete')}
          </Button>
        )}
      </>
    )
  ) : (
    <>
      <span className="rounded-full bg-gray-100 px-2 py-1 text-xs text-gray-600">{t('readOnly')}</span>
      {member?.access.outranked && <p className="w-full text-xs text-gray-600">{t('outranked')}</p>}
    </>
  );

  return (
    <div className="space-y-4">
      {confirmElement}
      <MemberCard member={member} canUpload={!isNew && canEdit} actions={actions} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={(v) => setTab(v as Tab)}
        items={[
          {
            value: 'personal',
            label: t('tabs.personal'),
            content: (
              <MemberForm
                key={formKey}
                form={form}
                countries={countries}
                readOnly={!editing}
                onBirthDateValidity={(valid) => {
                  birthDateRefused.current = !valid;
                }}
              />
            ),
          },
          {
            value: 'training',
            label: t('tabs.training'),
            disabled: isNew,
            content: member && (
              <TrainingsTab
                memberId={member.id}
                orgId={orgId}
                certificates={member.certificates}
                definitions={trainingDefinitions}
                canEdit={editing && canEdit}
              />
            ),
          },
          {
            value: 'functions',
            label: t('tabs.functions'),
            disabled: isNew,
            content: member && (
              <FunctionsTab
                memberId={member.id}
                memberName={name}
                orgId={orgId}
                roles={roles}
                functionGroups={functionGroups}
                canEndMembershipIn={member.access.canEndMembershipIn}
                canEdit={editing && canEdit}
                canAddMembership={acting.isClub}
                targetOrgs={targetOrgs}
              />
            ),
          },
        ]}
      />
      <DuplicateDialog
        candidates={duplicates}
        orgId={orgId}
        canConnect={acting.isClub}
        clubs={clubs}
        busy={busy}
        onConnect={(c, clubId) => void connect(c, clubId)}
        onOpen={(c) => router.push(formPath(orgId, funkId, c.id))}
        onCreateNew={() => void create(form.getValues())}
        onClose={() => setDuplicates(null)}
      />
    </div>
  );
}
