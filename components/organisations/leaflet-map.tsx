'use client';

import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { LatLngBoundsExpression, LatLngTuple, TileEvent } from 'leaflet';
import type { Place } from '@/lib/api/organisations';
import { MAP_TILE_URL } from '@/lib/map-tiles';
import { cn } from '@/components/ui/cn';

/** Default view: roughly Vienna, zoom 13. */
export const VIENNA: LatLngTuple = [48.2082, 16.3738];
export const DEFAULT_ZOOM = 13;

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** Without a single tile after this long the tile server counts as unreachable. */
const TILE_TIMEOUT_MS = 8000;
/** A transparent pixel instead of a broken-image icon where a tile failed. */
const BLANK_TILE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Shows every place with coordinates: fits the view to them, or stays on Vienna when there are none. */
function FitToPlaces({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 1) map.setView(points[0], DEFAULT_ZOOM);
    else if (points.length > 1) map.fitBounds(points as LatLngBoundsExpression, { padding: [24, 24], maxZoom: DEFAULT_ZOOM });
  }, [map, points]);
  return null;
}

/**
 * The Leaflet map of the places tab. Markers are SVG circles (no marker images to fetch). When tiles
 * cannot load (no internet), the markers stay on a plain background and a short note says why.
 */
export function LeafletMap({ places }: { places: Place[] }) {
  const t = useTranslations('organisations.places');
  const [offline, setOffline] = useState(false);
  const [tileLoaded, setTileLoaded] = useState(false);

  useEffect(() => {
    if (tileLoaded) return;
    const timer = setTimeout(() => setOffline(true), TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [tileLoaded]);

  const located = useMemo(() => places.filter((p) => p.lat != null && p.lon != null), [places]);
  const points = useMemo(() => located.map((p) => [p.lat, p.lon] as LatLngTuple), [located]);

  return (
    <div className="space-y-2">
      <div
        role="region"
        aria-label={t('map')}
        data-offline={offline || undefined}
        className={cn('h-80 overflow-hidden rounded-lg border border-gray-200 bg-slate-100', offline && '[&_.leaflet-tile-pane]:hidden')}
      >
        <MapContainer
          center={VIENNA}
          zoom={DEFAULT_ZOOM}
          scrollWheelZoom={false}
          className="h-full w-full"
          style={{ background: '#eef2f6' }}
        >
          <TileLayer
            url={MAP_TILE_URL}
            attribution={ATTRIBUTION}
            errorTileUrl={BLANK_TILE}
            eventHandlers={{
              tileerror: () => {
                if (!tileLoaded) setOffline(true);
              },
              tileload: (event) => {
                // a failed tile is replaced by the blank one, whose load must not count as success
                if ((event as TileEvent).tile?.src === BLANK_TILE) return;
                setTileLoaded(true);
                setOffline(false);
              },
            }}
          />
          <FitToPlaces points={points} />
          {located.map((p) => (
            <CircleMarker
              key={p.id}
              center={[p.lat as number, p.lon as number]}
              radius={9}
              pathOptions={{ color: '#073763', fillColor: '#0b5394', fillOpacity: 0.85, weight: 2 }}
            >
              <Tooltip>{p.pname}</Tooltip>
            </CircleMarker>
          ))}
        </MapContainer>
      </div>
      {offline && (
        <p role="status" className="text-xs text-gray-600">
          {t('mapOffline')}
        </p>
      )}
    </div>
  );
}
