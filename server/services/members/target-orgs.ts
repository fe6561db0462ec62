import { asc, gte, isNull, or } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { mayAssignFunctionsIn } from '@/lib/domain/member-permissions';
import type { MemberTargetOrg } from '@/lib/schemas/member-responses';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { loadCaller } from '../access';
import { memberActingOrg } from '../member-access';

/**
 * The organisations the member screen offers when it puts a membership or a function somewhere
 * (the federation's club picker): the federation anywhere, a club only itself, a state association
 * nowhere (read-only) — the same rule the writes check (mayAssignFunctionsIn). Organisations
 * dissolved before today are left out: nobody joins or takes office in them any more.
 */

/** GET /admin/members/{orgId}/organisations: sorted by name, German collation. */
export async function targetOrgs(deps: AppDeps, callerId: number, orgId: number): Promise<MemberTargetOrg[]> {
  const acting = memberActingOrg(await loadCaller(deps, callerId), orgId);
  const today = todayIso(deps.clock());
  const rows = await deps.db
    .select({
      id: organisations.id,
      name: organisations.name,
      nameShort: organisations.nameShort,
      level: organisations.orgLevel,
      bso: organisations.bso,
    })
    .from(organisations)
    .where(or(isNull(organisations.orgEndDate), gte(organisations.orgEndDate, today)))
    .orderBy(asc(organisations.id));
  const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
  return rows.filter((r) => mayAssignFunctionsIn([acting], r.id)).sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
