'use client';

import { useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useForm, useWatch } from 'react-hook-form';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { Organisation, OrganisationListItem } from '@/lib/api/organisations';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import { canEditOrg, endDateRange, federalStateRequired, fieldRights, isDissolving } from '@/lib/domain/organisation-rules';
import { formPath } from '@/lib/domain/shell';
import { cn } from '@/components/ui/cn';
import { EditActions } from '@/components/ui/edit-actions';
import type { SelectOption } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast';
import { errorMessages, useFocusOnRecordChange, useRecordEditor } from '@/components/ui/hooks/use-record-editor';
import { useRequiredFlash } from '@/components/ui/hooks/use-required-flash';
import { saveOrganisation } from './actions';
import { OrganisationDataFields } from './organisation-data-fields';
import type { OrganisationFormOutput } from './organisation-form-schema';
import { toFormValues, type OrganisationFormValues } from './organisation-form-values';
import { OrganisationImage } from './organisation-image';
import { useGuardedRouter } from '@/components/ui/hooks/use-unsaved-changes-guard';

// The tabs behind the first one load when they are opened: the page's first download stays small.
const FeesTab = dynamic(() => import('./fees-tab').then((m) => m.FeesTab));
const PlacesTab = dynamic(() => import('./places-tab').then((m) => m.PlacesTab));
const DocumentsTab = dynamic(() => import('./documents-tab').then((m) => m.DocumentsTab));
const HistoryPanel = dynamic(() => import('@/components/audit/history-panel').then((m) => m.HistoryPanel));

/** The required-field border flash of the organisation form lasts 5.5 s. */
export const REQUIRED_FLASH_MS = 5500;

export interface OrganisationDetailProps {
  actingOrgId: number;
  actingLevel: number;
  funkId: number;
  /** null while creating a new organisation. */
  organisation: Organisation | null;
  /** The visible organisations (parent choices). */
  list: OrganisationListItem[];
}

type TabValue = 'data' | 'fees' | 'places' | 'documents';

/**
 * The right side of the organisation page: header with image and counts, the read/edit toggle and
 * the tabs (data, fees, places, documents). Saving asks 'Daten speichern?' and, when an end date is
 * set, confirms that all functions end irrevocably.
 */
export function OrganisationDetail({ actingOrgId, actingLevel, funkId, organisation, list }: OrganisationDetailProps) {
  const t = useTranslations('organisations');
  const router = useGuardedRouter();
  const isNew = organisation === null;

  // The record shown: the server's, or the one a save just returned (until the refresh arrives).
  const [record, setRecord] = useState(organisation);
  const [lastProp, setLastProp] = useState(organisation);
  if (organisation !== lastProp) {
    setLastProp(organisation);
    setRecord(organisation);
  }

  const acting = { id: actingOrgId, level: actingLevel, coopPartner: false };
  const rights = fieldRights(acting);
  const canEdit = isNew || (record !== null && canEditOrg(acting, record));
  const [tab, setTab] = useState<TabValue>('data');
  const [flashing, flash] = useRequiredFlash(REQUIRED_FLASH_MS);

  const recordId = record?.id ?? null;
  const resolver = useMemo(
    () =>
      lazyZodResolver<OrganisationFormValues, unknown, OrganisationFormOutput>(() =>
        import('./organisation-form-schema').then((m) => m.organisationFormSchema(recordId)),
      ),
    [recordId],
  );
  const values = useMemo(() => toFormValues(record), [record]);
  const form = useForm<OrganisationFormValues, unknown, OrganisationFormOutput>({ resolver, defaultValues: values });

  function flashRequired() {
    notify.error(t('requiredField'));
    setTab('data');
    flash();
  }

  const editor = useRecordEditor({
    form,
    values,
    version: record?.updatedAt ?? null,
    isNew,
    draftKey: formPath(actingOrgId, funkId, record?.id ?? 'new'),
    firstField: 'name',
    successMessage: t('saved'),
    savingMessage: t('saving'),
    onInvalid: ({ errors, refusal }) => {
      setTab('data');
      if (refusal) {
        if (refusal.code === 'validation' && refusal.fieldErrors) flashRequired();
        return;
      }
      // an empty required field flashes the form; anything else (a refused date) says what is wrong
      const messages = errorMessages(errors);
      if (messages.includes('required')) flashRequired();
      else
        notify.error(t('saveFailed'), {
          description: t.has(`validation.${messages[0]}`) ? t(`validation.${messages[0]}` as 'validation.required') : undefined,
        });
    },
    onCancelNew: () => void router.push(formPath(actingOrgId, funkId)),
    confirmMore: async (output, confirm) =>
      !isDissolving(record, output) ||
      confirm(t('dissolveConfirm', { date: formatDisplayDate(output.orgEndDate) }), { title: t('dissolveTitle'), tone: 'danger' }),
    save: (output, basedOn) =>
      saveOrganisation({ actingOrgId, id: record?.id, updatedAt: record ? (basedOn ?? undefined) : undefined, values: output }),
    onSaved: (data) => {
      const saved = data as Organisation;
      if (isNew) void router.push(formPath(actingOrgId, funkId, saved.id));
      else setRecord(saved);
    },
  });
  const headingRef = useFocusOnRecordChange(String(record?.id ?? 'new'));

  const orgLevel = useWatch({ control: form.control, name: 'orgLevel' });
  const parentOptions = useMemo<SelectOption[]>(() => {
    const wanted = Number(orgLevel) - 1;
    const options = list
      .filter((o) => o.orgLevel === wanted && o.id !== record?.id)
      .map((o) => ({ value: String(o.id), label: o.nameShort }));
    const current = record?.orgMotherId;
    if (current && !options.some((o) => o.value === String(current)))
      options.push({ value: String(current), label: record?.orgMotherName ?? `#${current}` });
    return options;
  }, [list, orgLevel, record]);

  const range = useMemo(() => endDateRange(todayIso()), []);

  const title = isNew ? t('newTitle') : `${record?.nameShort ?? ''}`;
  return (
    <section aria-label={title} className="space-y-4">
      {editor.confirmElement}
      <div className="flex flex-wrap items-start gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        {record && (
          <OrganisationImage
            actingOrgId={actingOrgId}
            orgId={record.id}
            name={record.nameShort}
            imageLink={record.imageLink ?? null}
            canEdit={canEdit}
          />
        )}
        <div className="min-w-0 flex-1">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
            {title}
          </h2>
          {record && <p className="text-sm text-gray-600">{record.name}</p>}
          {record && (
            <p className="mt-1 text-sm text-gray-600">
              {t('fields.members')}: <span data-testid="org-members">{record.members ?? 0}</span> · {t('fields.licenses')}:{' '}
              <span data-testid="org-licenses">{record.licenses ?? 0}</span>
              {record.orgEndDate && (
                <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700">
                  {t('inactive')} {formatDisplayDate(record.orgEndDate)}
                </span>
              )}
            </p>
          )}
        </div>
        <EditActions canEdit={canEdit} {...editor.actionProps} readOnlyNote={t('readOnly')} />
      </div>

      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={(v) => setTab(v as TabValue)}
        items={[
          {
            value: 'data',
            label: t('tabs.data'),
            content: (
              <form
                noValidate
                aria-label={t('tabs.data')}
                data-flash={flashing || undefined}
                onSubmit={editor.submitForm}
                className={cn('rounded-lg border-2 bg-white p-4 transition-colors', flashing ? 'border-red-500' : 'border-transparent')}
              >
                <OrganisationDataFields
                  key={editor.fieldsKey}
                  form={form}
                  editing={editor.editing}
                  rights={rights}
                  federalStateRequired={federalStateRequired(record?.id ?? null)}
                  parentOptions={parentOptions}
                  endDateRange={range}
                />
                {/* lets Enter in a field submit the form */}
                <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
              </form>
            ),
          },
          {
            value: 'fees',
            label: t('tabs.fees'),
            disabled: isNew,
            content: record ? <FeesTab fees={record.fees ?? []} /> : null,
          },
          {
            value: 'places',
            label: t('tabs.places'),
            disabled: isNew,
            content: record ? (
              <PlacesTab actingOrgId={actingOrgId} orgId={record.id} places={record.places ?? []} canEdit={canEdit} />
            ) : null,
          },
          {
            value: 'documents',
            label: t('tabs.documents'),
            disabled: isNew,
            content: record ? (
              <DocumentsTab actingOrgId={actingOrgId} orgId={record.id} documents={record.params?.files ?? []} canEdit={canEdit} />
            ) : null,
          },
          {
            value: 'history',
            label: t('tabs.history'),
            disabled: isNew,
            content: record ? (
              <HistoryPanel
                entity="organisation"
                id={record.id}
                fieldLabel={(f) => (t.has(`fields.${f}`) ? t(`fields.${f}`) : undefined)}
              />
            ) : null,
          },
        ]}
      />
    </section>
  );
}
