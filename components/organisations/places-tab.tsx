'use client';

import { applyActionResult } from '@/components/ui/apply-action-result';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { Place } from '@/lib/api/organisations';
import { formatCoordinates } from '@/lib/domain/organisation-rules';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { deletePlace } from './actions';
import { PlaceFormDialog } from './place-form-dialog';
import { PlacesMap } from './places-map';

export interface PlacesTabProps {
  actingOrgId: number;
  orgId: number;
  places: Place[];
  canEdit: boolean;
}

/** The places tab: the training places as a list with their form, and on a map. */
export function PlacesTab({ actingOrgId, orgId, places, canEdit }: PlacesTabProps) {
  const t = useTranslations('organisations');
  const router = useRouter();
  const [confirmElement, confirm] = useConfirm();
  // undefined: dialog closed; null: adding; a place: editing it
  const [editing, setEditing] = useState<Place | null | undefined>(undefined);

  async function remove(place: Place) {
    if (!(await confirm(t('places.deleteConfirm', { name: place.pname }), { tone: 'danger' }))) return;
    const result = await deletePlace({ actingOrgId, orgId, placeId: place.id });
    if (applyActionResult(result, null, { success: t('places.deleted') })) router.refresh();
  }

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      {confirmElement}
      <div className="space-y-3">
        {canEdit && <Button onClick={() => setEditing(null)}>{t('places.add')}</Button>}
        {places.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center text-sm text-gray-500">
            {t('places.empty')}
          </p>
        ) : (
          <ul aria-label={t('places.label')} className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
            {places.map((place) => (
              <li key={place.id} className="flex items-start justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-gray-900">{place.pname}</p>
                  <p className="text-gray-600">
                    {[place.address, [place.zip, place.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                  </p>
                  <p className="text-gray-600">{place.params?.openingHours}</p>
                  <p className="text-gray-500">
                    {(place.params?.training ?? []).join(', ')}
                    {' · '}
                    {formatCoordinates(place.lat, place.lon) || t('places.noCoordinates')}
                  </p>
                </div>
                {canEdit && (
                  <div className="flex shrink-0 gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(place)} aria-label={`${t('places.edit')}: ${place.pname}`}>
                      {t('places.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void remove(place)}
                      aria-label={`${t('places.delete')}: ${place.pname}`}
                    >
                      {t('places.delete')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <PlacesMap places={places} />
      {editing !== undefined && (
        <PlaceFormDialog
          key={editing?.id ?? 'new'}
          actingOrgId={actingOrgId}
          orgId={orgId}
          place={editing}
          open
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            router.refresh();
          }}
        />
      )}
    </div>
  );
}
