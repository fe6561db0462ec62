'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Organisation, OrganisationListItem } from '@/lib/api/organisations';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import {
  canEditOrg,
  endDateRange,
  federalStateRequired,
  fieldRights,
  isDissolving,
} from '@/lib/domain/organisation-rules';
import { formPath } from '@/lib/domain/shell';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useConfirm } from '@/components/ui/confirm-dialog';
import type { SelectOption } from '@/components/ui/select';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast';
import { saveOrganisation } from './actions';
import { DocumentsTab } from './documents-tab';
import { FeesTab } from './fees-tab';
import { OrganisationDataFields, type DateFieldName } from './organisation-data-fields';
import {
  organisationFormSchema,
  toFormValues,
  type OrganisationFormOutput,
  type OrganisationFormValues,
} from './organisation-form-values';
import { OrganisationImage } from './organisation-image';
import { PlacesTab } from './places-tab';

/** The required-field border flash of the organisation form lasts 5.5 s (core §5, §9). */
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
  const tc = useTranslations('common');
  const te = useTranslations('errors');
  const router = useRouter();
  const [confirmElement, confirm] = useConfirm();
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
  const [editing, setEditing] = useState(isNew);
  const [tab, setTab] = useState<TabValue>('data');
  const [flashing, setFlashing] = useState(false);
  const [saving, setSaving] = useState(false);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Date fields whose typed text they refuse: the form value still holds the previous date, so
  // saving now would silently store something other than what the field shows.
  const refusedDates = useRef(new Set<DateFieldName>());
  // Bumped by cancel: the fields mount afresh, so no typed text outlives the reload.
  const [fieldsKey, setFieldsKey] = useState(0);

  const schema = useMemo(() => organisationFormSchema(record?.id ?? null), [record?.id]);
  const form = useForm<OrganisationFormValues, unknown, OrganisationFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(record),
  });
  const { reset, handleSubmit, setError } = form;
  // the version the current edit is based on: set whenever the form is (re)loaded from a record
  const basedOn = useRef(record?.updatedAt);

  // Out of edit mode the form always shows the record (after cancel, save or a refresh).
  useEffect(() => {
    if (editing) return;
    reset(toFormValues(record));
    basedOn.current = record?.updatedAt;
  }, [record, editing, reset]);

  useEffect(() => () => {
    if (flashTimer.current) clearTimeout(flashTimer.current);
  }, []);

  const orgLevel = useWatch({ control: form.control, name: 'orgLevel' });
  const parentOptions = useMemo<SelectOption[]>(() => {
    const wanted = Number(orgLevel) - 1;
    const options = list
      .filter((o) => o.orgLevel === wanted && o.id !== record?.id)
      .map((o) => ({ value: String(o.id), label: o.nameShort }));
    const current = record?.orgMotherId;
    if (current && !options.some((o) => o.value === String(current))) options.push({ value: String(current), label: record?.orgMotherName ?? `#${current}` });
    return options;
  }, [list, orgLevel, record]);

  const range = useMemo(() => endDateRange(todayIso()), []);

  function flashRequired() {
    notify.error(t('requiredField'));
    setTab('data');
    setFlashing(true);
    if (flashTimer.current) clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlashing(false), REQUIRED_FLASH_MS);
  }

  async function save(values: OrganisationFormOutput) {
    if (!(await confirm(tc('saveConfirm')))) return;
    if (isDissolving(record, values)) {
      const question = t('dissolveConfirm', { date: formatDisplayDate(values.orgEndDate) });
      if (!(await confirm(question, { title: t('dissolveTitle'), tone: 'danger' }))) return;
    }
    setSaving(true);
    const toastId = notify.loading(t('saving'));
    try {
      const result = await saveOrganisation(actingOrgId, {
        id: record?.id,
        updatedAt: basedOn.current,
        values,
      });
      if (result.ok) {
        notify.success(t('saved'), { id: toastId });
        if (isNew) {
          router.push(formPath(actingOrgId, funkId, result.data.id));
          return;
        }
        setRecord(result.data);
        setEditing(false);
        router.refresh();
        return;
      }
      const reason =
        result.code === 'stale' ? t('stale')
        : result.code === 'forbidden' || result.code === 'field_not_allowed' ? t('forbidden')
        : result.code === 'not_found' ? t('notFound')
        : result.code === 'validation' || result.code === 'end_date_range' ? undefined
        : te('generic');
      notify.error(t('saveFailed'), { id: toastId, description: reason });
      const fields = Object.entries(result.fieldErrors ?? {});
      for (const [field, message] of fields) {
        setError(field as FieldPath<OrganisationFormValues>, { message });
      }
      if (fields.length > 0) {
        setTab('data');
        if (result.code === 'validation') flashRequired();
      }
    } catch {
      notify.error(t('saveFailed'), { id: toastId, description: te('generic') });
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    if (isNew) {
      router.push(formPath(actingOrgId, funkId));
      return;
    }
    // cancel reloads the data and leaves edit mode (core §2)
    setEditing(false);
    reset(toFormValues(record));
    refusedDates.current.clear();
    setFieldsKey((k) => k + 1);
    router.refresh();
  }

  function onSave() {
    if (refusedDates.current.size > 0) {
      setTab('data');
      notify.error(t('saveFailed'), { description: t('validation.dateInvalid') });
      return Promise.resolve();
    }
    return handleSubmit(save, () => flashRequired())();
  }

  function onDateValidity(name: DateFieldName, valid: boolean) {
    if (valid) refusedDates.current.delete(name);
    else refusedDates.current.add(name);
  }

  const title = isNew ? t('newTitle') : `${record?.nameShort ?? ''}`;
  return (
    <section aria-label={title} className="space-y-4">
      {confirmElement}
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
          <h2 className="truncate text-lg font-semibold text-gray-900">{title}</h2>
          {record && <p className="truncate text-sm text-gray-600">{record.name}</p>}
          {record && (
            <p className="mt-1 text-sm text-gray-600">
              {t('fields.members')}: <span data-testid="org-members">{record.members ?? 0}</span> · {t('fields.licenses')}:{' '}
              <span data-testid="org-licenses">{record.licenses ?? 0}</span>
              {record.orgEndDate && (
                <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600">
                  {t('inactive')} {formatDisplayDate(record.orgEndDate)}
                </span>
              )}
            </p>
          )}
          {!canEdit && <p className="mt-1 text-sm text-gray-500">{t('readOnly')}</p>}
        </div>
        <div className="flex gap-2">
          {canEdit && !editing && (
            <Button onClick={() => setEditing(true)}>{t('edit')}</Button>
          )}
          {editing && (
            <>
              <Button variant="secondary" onClick={cancel} disabled={saving}>
                {t('cancel')}
              </Button>
              <Button onClick={() => void onSave()} loading={saving}>
                {t('save')}
              </Button>
            </>
          )}
        </div>
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
                onSubmit={(e) => {
                  e.preventDefault();
                  if (editing) void onSave();
                }}
                className={cn(
                  'rounded-lg border-2 bg-white p-4 transition-colors',
                  flashing ? 'border-red-500' : 'border-transparent',
                )}
              >
                <OrganisationDataFields
                  key={fieldsKey}
                  form={form}
                  editing={editing}
                  rights={rights}
                  federalStateRequired={federalStateRequired(record?.id ?? null)}
                  parentOptions={parentOptions}
                  endDateRange={range}
                  onDateValidity={onDateValidity}
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
            content: record ? <PlacesTab actingOrgId={actingOrgId} orgId={record.id} places={record.places ?? []} canEdit={canEdit} /> : null,
          },
          {
            value: 'documents',
            label: t('tabs.documents'),
            disabled: isNew,
            content: record ? (
              <DocumentsTab actingOrgId={actingOrgId} orgId={record.id} documents={record.params?.files ?? []} canEdit={canEdit} />
            ) : null,
          },
        ]}
      />
    </section>
  );
}
