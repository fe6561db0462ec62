'use client';

import { useMemo, useState, useTransition } from 'react';
import { useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { EditActions } from '@/components/ui/edit-actions';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast';
import { errorMessages, useFocusOnRecordChange, useRecordEditor } from '@/components/ui/hooks/use-record-editor';
import type {
  DuplicateCandidate,
  MemberDetail as MemberDetailData,
  MemberRole,
  MemberTargetOrg,
  RoleGroup,
  TrainingDefinition,
} from '@/lib/api/member-types';
import type { Country } from '@/lib/api/types';
import type { MergePairLink } from '@/lib/schemas/member-merge';
import { todayIso } from '@/lib/domain/dates';
import { ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { newMemberBlock } from '@/lib/domain/member-duplicates';
import type { PrivacyRights } from '@/lib/domain/privacy/rights';
import { formPath } from '@/lib/domain/shell';
import { checkDuplicatesAction, connectMemberAction, createMemberAction, deleteMemberAction, updateMemberAction } from './actions';
import { MemberCard } from './member-card';
import { MemberForm } from './member-form';
import type { MemberFormData, MemberFormValues } from './member-form-schema';
import { duplicateQueryOf, memberFormValues } from './member-form-values';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';

/** The history (with 'Rückgängig' of a merge) loads when its tab is opened. */
const HistoryPanel = dynamic(() => import('@/components/audit/history-panel').then((m) => m.HistoryPanel));
const MemberHistory = dynamic(() => import('./member-history').then((m) => m.MemberHistory));
/**
 * A saved member's tabs and the duplicates dialog load when first shown: a new member's page shows
 * only the personal data (its other tabs are disabled until it is saved).
 */
const TrainingsTab = dynamic(() => import('./trainings-tab').then((m) => m.TrainingsTab));
const FunctionsTab = dynamic(() => import('./functions-tab').then((m) => m.FunctionsTab));
const DuplicateDialog = dynamic(() => import('./duplicate-dialog').then((m) => m.DuplicateDialog));
const PrivacyTab = dynamic(() => import('@/components/shared/privacy/privacy-tab').then((m) => m.PrivacyTab));
const SecondFactorReset = dynamic(() => import('./second-factor-reset').then((m) => m.SecondFactorReset));

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
  /**
   * What the caller may do on the person's data rights when acting for the federation: the
   * 'Datenschutz' tab and the second-factor reset. Absent or null: neither is offered.
   */
  privacy?: PrivacyRights | null;
}

type Tab = 'personal' | 'training' | 'functions' | 'history' | 'privacy';

/**
 * Right side of the member page: profile card and the tabs personal data / training / functions
 * and licences (the last two only for a saved member). 'Bearbeiten', 'Speichern' and 'Abbrechen'
 * govern the personal data only. Trainings, functions and memberships each save at once behind
 * their own confirmation; they are offered in read mode and held back while the personal data is
 * being edited, so 'Abbrechen' never has to undo something it does not own.
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
  privacy = null,
}: MemberDetailProps) {
  const t = useTranslations('members');
  const tc = useTranslations('common');
  const tp = useTranslations('privacy');
  const router = useGuardedRouter();
  // '?edit=1': opened through the overview table's 'Bearbeiten', so ready to edit
  const startEditing = useSearchParams().get('edit') === '1';
  const isNew = member === null;
  const canEdit = isNew ? acting.canCreate : member.access.canEdit;
  const [tab, setTab] = useState<Tab>('personal');
  const [duplicates, setDuplicates] = useState<DuplicateCandidate[] | null>(null);
  const [mergePairs, setMergePairs] = useState<MergePairLink[]>([]);
  // the dialog stays mounted once it has been shown (it closes with its animation)
  const [duplicatesShown, setDuplicatesShown] = useState(false);
  if (duplicates !== null && !duplicatesShown) setDuplicatesShown(true);
  const [busy, startTransition] = useTransition();
  const [today] = useState(() => todayIso());
  const values = useMemo(() => memberFormValues(member), [member]);
  const resolver = useMemo(
    () =>
      lazyZodResolver<MemberFormValues, unknown, MemberFormData>(() =>
        import('./member-form-schema').then((m) => m.memberFormSchema(today)),
      ),
    [today],
  );

  const form = useForm<MemberFormValues, unknown, MemberFormData>({
    resolver,
    defaultValues: values,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const editor = useRecordEditor({
    form,
    values,
    version: member?.updatedAt ?? null,
    isNew,
    startEditing: startEditing && canEdit,
    draftKey: formPath(orgId, funkId, member?.id ?? 'new'),
    firstField: 'firstName',
    onInvalid: ({ errors }) => {
      setTab('personal');
      // a date the field refused is easy to miss on another tab: say it
      if (errorMessages(errors).includes('invalidDate')) notify.error(t('validation.invalidDate'));
    },
    onCancelNew: () => void router.push(formPath(orgId, funkId)),
    save: async (data, basedOn) => {
      if (!isNew) return updateMemberAction({ orgId, id: member.id, updatedAt: basedOn ?? member.updatedAt, values: data });
      const check = await checkDuplicatesAction({ values: duplicateQueryOf(data) });
      if (check.ok && check.data.candidates.length > 0) {
        notify.warning(t('duplicates.found'));
        setDuplicates(check.data.candidates);
        setMergePairs(check.data.mergePairs);
        return null;
      }
      return check.ok ? createMemberAction({ orgId, values: data }) : check;
    },
    onSaved: (data) => {
      const created = data as { id?: number };
      if (isNew && created.id) void router.push(formPath(orgId, funkId, created.id));
    },
  });
  const headingRef = useFocusOnRecordChange(String(member?.id ?? 'new'));
  const name = member ? `${member.firstName} ${member.surname}` : t('newMember');

  function createAnyway(withoutEmail = false) {
    startTransition(async () => {
      const values = form.getValues();
      const result = await createMemberAction({ orgId, values: withoutEmail ? { ...values, email: null } : values });
      setDuplicates(null);
      if (applyActionResult(result, form)) {
        editor.release();
        void router.push(formPath(orgId, funkId, result.data.id));
      } else setTab('personal');
    });
  }

  function remove() {
    if (!member) return;
    void editor.confirm(t('deleteConfirm', { name }), { tone: 'danger' }).then((yes: boolean) => {
      if (!yes) return;
      startTransition(async () => {
        const result = await deleteMemberAction({ memberId: member.id });
        if (!applyActionResult(result)) return;
        void router.push(formPath(orgId, funkId));
        router.refresh();
      });
    });
  }

  function connect(candidate: DuplicateCandidate, clubId: number) {
    startTransition(async () => {
      const result = await connectMemberAction({ orgId: clubId, memberId: candidate.id, proof: candidate.proof });
      if (!applyActionResult(result)) return;
      setDuplicates(null);
      editor.release();
      void router.push(formPath(orgId, funkId, candidate.id));
    });
  }

  const clubs = targetOrgs ? targetOrgs.filter((o) => o.level === ORG_LEVEL_CLUB) : null;
  const entered = form.getValues();
  const block = newMemberBlock({ ...entered, email: entered.email ?? null }, duplicates ?? []);
  // sub-actions save at once: offered in read mode, held back while the personal data is edited
  const subActionsEnabled = canEdit && !editor.editing;
  const subActionsNote = canEdit && (
    <p className="mb-3 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-700" role="note">
      {editor.editing && !isNew ? tc('finishEditingFirst') : tc('savesAtOnce')}
    </p>
  );

  const actions = (
    <>
      <EditActions
        canEdit={canEdit}
        {...editor.actionProps}
        busy={editor.busy || busy}
        readOnlyNote={t('readOnly')}
        extra={
          member?.access.canDelete && (
            <Button variant="danger" onClick={remove} loading={busy}>
              {t('delete')}
            </Button>
          )
        }
      />
      {member && privacy?.resetSecondFactor && !editor.editing && <SecondFactorReset memberId={member.id} memberName={name} />}
      {!canEdit && member?.access.outranked && <p className="w-full text-xs text-gray-700">{t('outranked')}</p>}
    </>
  );
  const privacyTab =
    member && privacy && (privacy.exportAndErase || privacy.readTrail)
      ? [
          {
            value: 'privacy',
            label: tp('tab'),
            content: <PrivacyTab memberId={member.id} memberName={name} orgId={orgId} funkId={funkId} rights={privacy} />,
          },
        ]
      : [];

  return (
    <div className="space-y-4">
      {editor.confirmElement}
      <MemberCard member={member} canUpload={!isNew && canEdit} actions={actions} headingRef={headingRef} />
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
                key={editor.fieldsKey}
                form={form}
                countries={countries}
                readOnly={!editor.editing}
                regNrEditable={acting.level === ORG_LEVEL_FEDERATION}
                onSubmit={() => void editor.save()}
              />
            ),
          },
          {
            value: 'training',
            label: t('tabs.training'),
            disabled: isNew,
            content: member && (
              <>
                {subActionsNote}
                <TrainingsTab
                  memberId={member.id}
                  orgId={orgId}
                  certificates={member.certificates}
                  definitions={trainingDefinitions}
                  canEdit={subActionsEnabled}
                />
              </>
            ),
          },
          {
            value: 'functions',
            label: t('tabs.functions'),
            disabled: isNew,
            content: member && (
              <>
                {subActionsNote}
                <FunctionsTab
                  memberId={member.id}
                  memberName={name}
                  orgId={orgId}
                  roles={roles}
                  functionGroups={functionGroups}
                  canEndMembershipIn={member.access.canEndMembershipIn}
                  canEdit={subActionsEnabled}
                  canAddMembership={acting.isClub}
                  targetOrgs={targetOrgs}
                />
              </>
            ),
          },
          {
            value: 'history',
            label: t('tabs.history'),
            disabled: isNew,
            content: member && (
              // the undo restored this member's fields as they were: the card and form read them again
              <MemberHistory memberName={name} onUndone={() => router.refresh()}>
                {({ entryAction, version }) => (
                  <HistoryPanel
                    key={version}
                    entity="member"
                    id={member.id}
                    fieldLabel={(f) => (t.has(`fields.${f}`) ? t(`fields.${f}`) : undefined)}
                    entryAction={entryAction}
                  />
                )}
              </MemberHistory>
            ),
          },
          ...privacyTab,
        ]}
      />
      {duplicatesShown && (
        <DuplicateDialog
          candidates={duplicates}
          orgId={orgId}
          canConnect={acting.isClub}
          clubs={clubs}
          busy={busy}
          takenEmail={block === 'email_taken' ? entered.email : null}
          mergePairs={mergePairs}
          onCreateWithoutEmail={() => createAnyway(true)}
          onConnect={connect}
          onOpen={(c) => {
            // choosing the existing member is the answer: the typed new one is dropped without asking
            editor.release();
            void router.push(formPath(orgId, funkId, c.id));
          }}
          onCreateNew={() => createAnyway()}
          onClose={() => setDuplicates(null)}
        />
      )}
    </div>
  );
}
