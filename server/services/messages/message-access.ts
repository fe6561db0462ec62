import { eq, inArray, or } from 'drizzle-orm';
import { FORM_MESSAGE_CENTRE, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import { actingOrg, loadCaller, type ActingOrg } from '../access';

/**
 * Who may use the message centre, and whom they may reach. The sender acts in an organisation
 * where they hold form 1006. A club reaches its own people, a state association its own and its
 * clubs', the federation everyone.
 */

/** The acting organisation (form 1006 there), or 403. */
export async function messageCentreOf(deps: Pick<AppDeps, 'db' | 'clock'>, callerId: number, orgId: number): Promise<ActingOrg> {
  return actingOrg(await loadCaller(deps, callerId), orgId, [FORM_MESSAGE_CENTRE]);
}

/**
 * A message of an organisation where the caller holds form 1006; 404 when there is none with this
 * id, 403 when it belongs to an organisation the caller does not act for.
 */
export async function messageOfCaller<T extends { orgId: number }>(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  callerId: number,
  row: T | undefined,
): Promise<{ row: T; actor: ActingOrg }> {
  if (!row) throw notFound('No such message');
  return { row, actor: await messageCentreOf(deps, callerId, row.orgId) };
}

/** The organisations the sender may reach; null = every organisation (the federation). */
export async function reachableOrgIds(db: Db, actor: ActingOrg): Promise<number[] | null> {
  if (actor.level === ORG_LEVEL_FEDERATION) return null;
  if (actor.level !== ORG_LEVEL_STATE) return [actor.id];
  const rows = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(or(eq(organisations.id, actor.id), eq(organisations.orgMotherId, actor.id)));
  return rows.map((r) => r.id);
}

/** The reachable organisations with their names, for the form (own first, then by name). */
export async function reachableOrganisations(db: Db, actor: ActingOrg) {
  const ids = await reachableOrgIds(db, actor);
  const rows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(ids ? inArray(organisations.id, ids) : undefined)
    .orderBy(organisations.name);
  return [...rows.filter((r) => r.id === actor.id), ...rows.filter((r) => r.id !== actor.id)];
}
