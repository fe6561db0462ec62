import type { AppRouteHandler } from '../../http/context';
import { findDuplicates } from '../../services/members/duplicates';
import { memberRoles } from '../../services/members/functions';
import {
  getMember,
  listAllMembers,
  listOrgMembers,
  listOrgRoleMembers,
  orgSummary,
  searchMembers,
} from '../../services/members/member-queries';
import { createMember, deleteMember, updateMember } from '../../services/members/member-write';
import * as memberships from '../../services/members/memberships';
import { targetOrgs as organisationsForMemberships } from '../../services/members/target-orgs';
import { recordPersonReads } from '../../services/privacy/person-reads';
import type * as routes from './routes';

export const listAll: AppRouteHandler<typeof routes.listAll> = async (c) =>
  c.json(await listAllMembers(c.var.deps, c.var.callerId, c.req.valid('query')), 200);

export const search: AppRouteHandler<typeof routes.search> = async (c) =>
  c.json(await searchMembers(c.var.deps, c.var.callerId, c.req.valid('query')), 200);

export const listOfOrg: AppRouteHandler<typeof routes.listOfOrg> = async (c) =>
  c.json(await listOrgMembers(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const summary: AppRouteHandler<typeof routes.summary> = async (c) =>
  c.json(await orgSummary(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const targetOrgs: AppRouteHandler<typeof routes.targetOrgs> = async (c) =>
  c.json(await organisationsForMemberships(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const listRoleHolders: AppRouteHandler<typeof routes.listRoleHolders> = async (c) =>
  c.json(await listOrgRoleMembers(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) => {
  const { orgId, memberId } = c.req.valid('param');
  const member = await getMember(c.var.deps, c.var.callerId, orgId, memberId);
  await recordPersonReads(c.var.deps.db, {
    readBy: c.var.callerId,
    memberIds: [memberId],
    kind: 'member_card',
    actingOrgId: orgId,
    at: c.var.deps.clock(),
  });
  return c.json(member, 200);
};

export const roles: AppRouteHandler<typeof routes.roles> = async (c) => {
  const { orgId, memberId } = c.req.valid('param');
  return c.json(await memberRoles(c.var.deps, c.var.callerId, orgId, memberId), 200);
};

export const duplicates: AppRouteHandler<typeof routes.duplicates> = async (c) =>
  c.json(await findDuplicates(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await createMember(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  c.json(await updateMember(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) =>
  c.json(await deleteMember(c.var.deps, c.var.callerId, c.req.valid('param').memberId), 200);

export const endMembership: AppRouteHandler<typeof routes.endMembership> = async (c) => {
  const { orgId, memberId } = c.req.valid('param');
  return c.json(await memberships.endMembership(c.var.deps, c.var.callerId, orgId, memberId, c.req.valid('query').date), 200);
};

export const addMembership: AppRouteHandler<typeof routes.addMembership> = async (c) =>
  c.json(await memberships.addMembership(c.var.deps, c.var.callerId, c.req.valid('json')), 201);
