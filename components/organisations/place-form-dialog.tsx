'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@/components/ui/zod-resolver';
import { useTranslations } from 'next-intl';
import type { Place } from '@/lib/api/organisations';
import { TRAINING_OFFERS, formatCoordinates, type TrainingOffer } from '@/lib/domain/organisation-rules';
import { placeSchema, type PlaceInput, type PlaceValues } from '@/lib/schemas/organisation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { notify } from '@/components/ui/toast';
import { savePlace } from './actions';
import { CheckboxField } from '@/components/ui/checkbox-field';

export interface PlaceFormDialogProps {
  actingOrgId: number;
  orgId: number;
  /** The place being edited; null adds a new one. */
  place: Place | null;
  open: boolean;
  onClose: () => void;
  onSaved: (place: Place) => void;
}

type PlaceFormValues = PlaceInput & { params: { openingHours: string; training: TrainingOffer[] } };

function toValues(orgId: number, place: Place | null): PlaceFormValues {
  return {
    ...(place ? { id: place.id, updatedAt: place.updatedAt } : {}),
    orgId,
    pname: place?.pname ?? '',
    address: place?.address ?? '',
    city: place?.city ?? '',
    zip: place?.zip ?? '',
    // coordinates are edited as one text 'lat, lon'; the schema turns it into lat/lon
    coordinates: formatCoordinates(place?.lat, place?.lon),
    params: { openingHours: place?.params?.openingHours ?? '', training: place?.params?.training ?? [] },
  };
}

/**
 * The place form: name, address, city, zip, coordinates as 'lat, lon', opening hours and
 * training offer (Indoor, Outdoor, 3D, Feld). Name, opening hours and training offer are required.
 */
export function PlaceFormDialog({ actingOrgId, orgId, place, open, onClose, onSaved }: PlaceFormDialogProps) {
  const t = useTranslations('organisations');
  const te = useTranslations('errors');
  const [saving, setSaving] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PlaceFormValues, unknown, PlaceValues>({
    resolver: zodResolver(placeSchema),
    defaultValues: toValues(orgId, place),
  });

  const message = (m: unknown) =>
    typeof m === 'string' && m ? (t.has(`validation.${m}`) ? t(`validation.${m}` as 'validation.required') : m) : undefined;

  async function save(values: PlaceValues) {
    setSaving(true);
    try {
      const result = await savePlace({ actingOrgId, values });
      if (applyActionResult(result, { setError }, { success: t('places.saved') })) onSaved(result.data);
    } catch {
      notify.error(te('generic'));
    } finally {
      setSaving(false);
    }
  }

  const formId = `place-form-${place?.id ?? 'new'}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={place ? t('places.editTitle') : t('places.newTitle')}
      widthClassName="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t('places.save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={place ? t('places.editTitle') : t('places.newTitle')}
        onSubmit={handleSubmit(save, () => notify.error(t('requiredField')))}
        className="grid gap-4 sm:grid-cols-2"
      >
        <Input
          label={`${t('places.pname')} *`}
          aria-required
          error={message(errors.pname?.message)}
          containerClassName="sm:col-span-2"
          {...register('pname')}
        />
        <Input label={t('places.address')} error={message(errors.address?.message)} {...register('address')} />
        <div className="grid grid-cols-[7rem_1fr] gap-2">
          <Input label={t('places.zip')} error={message(errors.zip?.message)} {...register('zip')} />
          <Input label={t('places.city')} error={message(errors.city?.message)} {...register('city')} />
        </div>
        <Input
          label={t('places.coordinates')}
          hint={t('places.coordinatesHint')}
          placeholder="48.2082, 16.3738"
          inputMode="decimal"
          error={message(errors.coordinates?.message ?? errors.lat?.message ?? errors.lon?.message)}
          {...register('coordinates')}
        />
        <Input
          label={`${t('places.openingHours')} *`}
          aria-required
          error={message(errors.params?.openingHours?.message)}
          {...register('params.openingHours')}
        />
        <Controller
          control={control}
          name="params.training"
          render={({ field }) => {
            const chosen: TrainingOffer[] = field.value ?? [];
            const error = message(errors.params?.training?.message ?? errors.params?.training?.root?.message);
            return (
              <fieldset
                className="sm:col-span-2"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${formId}-training-error` : undefined}
              >
                <legend className="mb-1 text-sm font-medium text-gray-700">{`${t('places.training')} *`}</legend>
                <div className="flex flex-wrap gap-4">
                  {TRAINING_OFFERS.map((offer) => (
                    <CheckboxField
                      key={offer}
                      label={offer}
                      checked={chosen.includes(offer)}
                      onChange={(e) => field.onChange(e.target.checked ? [...chosen, offer] : chosen.filter((o) => o !== offer))}
                      onBlur={field.onBlur}
                    />
                  ))}
                </div>
                {error && (
                  <p id={`${formId}-training-error`} className="mt-1 text-sm text-red-600">
                    {error}
                  </p>
                )}
              </fieldset>
            );
          }}
        />
      </form>
    </Dialog>
  );
}
