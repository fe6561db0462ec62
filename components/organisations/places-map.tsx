'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import type { Place } from '@/lib/api/organisations';

function MapLoading() {
  const t = useTranslations('organisations.places');
  return (
    <div className="flex h-80 items-center justify-center rounded-lg border border-gray-200 bg-gray-100 text-sm text-gray-500">
      {t('mapLoading')}
    </div>
  );
}

// Leaflet touches `window` when imported: load it in the browser only.
const LeafletMap = dynamic(() => import('./leaflet-map').then((m) => m.LeafletMap), {
  ssr: false,
  loading: () => <MapLoading />,
});

/** The places on a map: OpenStreetMap tiles, centre Vienna, zoom 13, one marker per place. */
export function PlacesMap({ places }: { places: Place[] }) {
  return <LeafletMap places={places} />;
}
