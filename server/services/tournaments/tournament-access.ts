import { FORM_TOURNAMENT_1002, FORM_TOURNAMENT_APPROVAL, FORM_TOURNAMENTS, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { forbidden } from '../../http/errors';
import { actingOrg, type ActingOrg, type Caller } from '../access';

/**
 * Who does what with tournaments, acting in {orgId}:
 * - form 1000 (Turniere) in an organisation: its own tournaments (list, create, change, cancel, comment);
 * - the federation with form 1000 or 1001 (Turnierfreigabe): every tournament; approving and
 *   cancelling with 1001; the payment status with 1001 or 1002 (Turnierzahlung).
 */

export type TournamentActor = { org: ActingOrg; overseesAll: boolean; approves: boolean; setsPayment: boolean };

export function tournamentActor(caller: Caller, orgId: number): TournamentActor {
  const org = actingOrg(caller, orgId, [FORM_TOURNAMENTS, FORM_TOURNAMENT_APPROVAL, FORM_TOURNAMENT_1002]);
  const federation = org.level === ORG_LEVEL_FEDERATION;
  return {
    org,
    overseesAll: federation,
    approves: federation && org.functions.includes(FORM_TOURNAMENT_APPROVAL),
    setsPayment: federation && (org.functions.includes(FORM_TOURNAMENT_APPROVAL) || org.functions.includes(FORM_TOURNAMENT_1002)),
  };
}

/** May the actor read (and comment on) a tournament of `tournamentOrgId`? */
export function mayRead(actor: TournamentActor, tournamentOrgId: number): boolean {
  return actor.overseesAll || actor.org.id === tournamentOrgId;
}

/** May the actor change or cancel it: the announcing organisation (form 1000), or the federation's approvers. */
export function mayChange(actor: TournamentActor, tournamentOrgId: number): boolean {
  return (actor.org.id === tournamentOrgId && actor.org.functions.includes(FORM_TOURNAMENTS)) || actor.approves;
}

export function requireCreator(actor: TournamentActor): void {
  if (!actor.org.functions.includes(FORM_TOURNAMENTS))
    throw forbidden('Announcing tournaments needs the tournament form (1000) in this organisation');
}
