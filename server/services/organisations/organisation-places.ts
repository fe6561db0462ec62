import { and, eq, sql } from 'drizzle-orm';
import { placeSchema } from '@/lib/schemas/organisation';
import type { Place } from '@/lib/schemas/organisation-responses';
import { places } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound, validationError } from '../../http/errors';
import { recordAudit } from '../audit';
import { orgForCaller, toPlace } from './organisations';
import { rfc3339 } from '../timestamps';

/** Training places of an organisation (POST /admin/org/places, DELETE /admin/org/places/{orgId}/{place}). */

/** The keys of a place a write may set (the rest of an answered place is ignored). */
const PLACE_KEYS = ['id', 'orgId', 'updatedAt', 'pname', 'address', 'city', 'zip', 'lat', 'lon', 'coordinates', 'params'] as const;

/**
 * The body merged over the stored place: left out = unchanged, null = cleared, params merged key
 * by key. Coordinates sent as text replace the stored lat/lon unless lat/lon are sent too.
 */
async function mergedOverStored(deps: AppDeps, input: unknown): Promise<unknown> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const body = Object.fromEntries(PLACE_KEYS.filter((k) => k in input).map((k) => [k, (input as Record<string, unknown>)[k]]));
  if (typeof body.id !== 'number' || typeof body.orgId !== 'number') return body;
  const [row] = await deps.db
    .select()
    .from(places)
    .where(and(eq(places.id, body.id), eq(places.orgId, body.orgId)));
  if (!row) return body; // the update itself answers 404 after the rights check
  const stored = toPlace(row);
  const merged: Record<string, unknown> = { ...stored, updatedAt: undefined };
  for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'params') merged[k] = v;
  if (body.coordinates != null && body.lat === undefined && body.lon === undefined) merged.lat = merged.lon = null;
  const params = body.params;
  merged.params =
    params && typeof params === 'object' && !Array.isArray(params) ? { ...stored.params, ...params } : (params ?? stored.params);
  return merged;
}

/** Creates (no id) or updates (id + updatedAt) a place; needs the right to edit its organisation. */
export async function savePlace(
  deps: AppDeps,
  callerId: number,
  input: unknown,
  actingOrgId?: number,
): Promise<{ created: boolean; place: Place }> {
  const parsed = placeSchema.safeParse(await mergedOverStored(deps, input));
  if (!parsed.success) throw validationError(parsed.error, 422);
  const v = parsed.data;
  const { actor } = await orgForCaller(deps, callerId, v.orgId, 'edit', actingOrgId);
  const audit = { actorId: callerId, actingOrgId: actor.id, entity: 'place' as const };
  const values = {
    orgId: v.orgId,
    pname: v.pname,
    address: v.address,
    city: v.city,
    zip: v.zip,
    lat: v.lat,
    lon: v.lon,
    params: { openingHours: v.params.openingHours, training: v.params.training },
  };

  if (v.id === undefined) {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx.insert(places).values(values).returning();
      await recordAudit(tx, { ...audit, entityId: created.id, action: 'create', after: created });
      return created;
    });
    return { created: true, place: toPlace(row) };
  }

  const id = v.id;
  const row = await deps.db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ fresh: sql<boolean>`${places.updatedAt} = ${v.updatedAt!}::timestamptz`, before: places })
      .from(places)
      .where(and(eq(places.id, id), eq(places.orgId, v.orgId)))
      .for('update');
    if (!lock) throw notFound('No such place in this organisation');
    if (!lock.fresh)
      throw new ApiError(409, 'stale', 'The place was changed in the meantime; reload it', { value: rfc3339(lock.before.updatedAt) });
    const [updated] = await tx
      .update(places)
      .set({ ...values, updatedAt: sql`greatest(clock_timestamp(), ${places.updatedAt} + interval '1 millisecond')` })
      .where(eq(places.id, id))
      .returning();
    await recordAudit(tx, { ...audit, entityId: id, action: 'update', before: lock.before, after: updated });
    return updated;
  });
  return { created: false, place: toPlace(row) };
}

export async function deletePlace(deps: AppDeps, callerId: number, orgId: number, placeId: number, actingOrgId?: number) {
  const { actor } = await orgForCaller(deps, callerId, orgId, 'edit', actingOrgId);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(places)
      .where(and(eq(places.id, placeId), eq(places.orgId, orgId)))
      .returning();
    if (!removed) throw notFound('No such place in this organisation');
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'place',
      entityId: placeId,
      action: 'delete',
      before: removed,
    });
  });
}
