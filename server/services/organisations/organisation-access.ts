import { ORGANISATION_FORM_FUNCTION_IDS } from '@/lib/domain/functions';
import { canEditOrg, canReadOrg, type TargetOrgRef } from '@/lib/domain/organisation-rules';
import type { AppDeps } from '../../http/context';
import { forbidden } from '../../http/errors';
import { actingOrg, loadCaller, orgsWith, type ActingOrg } from '../access';

/** The functions that open the organisation screen (forms 50 and 58). */
export const ORG_FORM_FUNCTION_IDS = ORGANISATION_FORM_FUNCTION_IDS;

export type OrgAccessMode = 'read' | 'edit';

/**
 * The organisations the caller may act from on the organisation screen: the one named by
 * `actingOrgId` (the O{org} of the screen; 403 unless the caller holds 50 or 58 there), or, when the
 * request names none, every organisation where they hold 50 or 58 (the union rule). Federation first,
 * so the most capable one decides.
 */
export async function orgScreenActors(deps: AppDeps, callerId: number, actingOrgId?: number): Promise<ActingOrg[]> {
  const caller = await loadCaller(deps, callerId);
  if (actingOrgId !== undefined) return [actingOrg(caller, actingOrgId, ORG_FORM_FUNCTION_IDS)];
  const actors = orgsWith(caller, ORG_FORM_FUNCTION_IDS).sort((a, b) => a.level - b.level || a.id - b.id);
  if (actors.length === 0) throw forbidden('You hold no function for the organisation screen');
  return actors;
}

/** The first of `actors` that may read (or edit) `target`; 403 when none may. */
export function actorFor(actors: ActingOrg[], target: TargetOrgRef, mode: OrgAccessMode): ActingOrg {
  const allowed = actors.find((a) => (mode === 'read' ? canReadOrg(a, target) : canEditOrg(a, target)));
  if (!allowed) {
    throw forbidden(mode === 'read' ? 'You may not see this organisation' : 'You may not change this organisation');
  }
  return allowed;
}
