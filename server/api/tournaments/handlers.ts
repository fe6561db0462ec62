import { CSV_BOM, CSV_LINE_END, csvLine } from '@/lib/csv';
import { TOURNAMENT_TABLE_COLUMNS } from '@/lib/domain/tournaments/table';
import type { Context } from 'hono';
import { idText } from '@/lib/schemas/common';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { checked } from '../../http/route-parts';
import { tournamentCalendar } from '../../services/tournaments/calendar';
import { deleteTournamentFile, uploadTournamentFile } from '../../services/tournaments/tournament-files';
import { approveTournament, cancelTournament, setTournamentPayment } from '../../services/tournaments/tournament-approval';
import {
  exportTournaments,
  listTournaments,
  listTournamentTypes,
  refereeCandidates,
  tournamentTuple,
} from '../../services/tournaments/tournament-read';
import { commentTournament, createTournament, updateTournament } from '../../services/tournaments/tournaments';
import type * as routes from './routes';

export const types: AppRouteHandler<typeof routes.types> = async (c) => c.json(await listTournamentTypes(c.var.deps), 200);

export const referees: AppRouteHandler<typeof routes.referees> = async (c) => c.json(await refereeCandidates(c.var.deps), 200);

export const tuple: AppRouteHandler<typeof routes.tuple> = async (c) =>
  c.json(await tournamentTuple(c.var.deps, c.var.callerId, c.req.valid('param').id), 200);

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listTournaments(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const exportCsv: AppRouteHandler<typeof routes.exportCsv> = async (c) => {
  const rows = await exportTournaments(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query'));
  const lines = [
    csvLine(TOURNAMENT_TABLE_COLUMNS.map((col) => col.header)),
    ...rows.map((t) => csvLine(TOURNAMENT_TABLE_COLUMNS.map((col) => col.text(t)))),
  ];
  return c.body(CSV_BOM + lines.join(CSV_LINE_END) + CSV_LINE_END, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="turniere.csv"',
  });
};

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await createTournament(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 201);

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  c.json(await updateTournament(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 200);

export const approve: AppRouteHandler<typeof routes.approve> = async (c) =>
  c.json(await approveTournament(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json').id), 200);

export const cancel: AppRouteHandler<typeof routes.cancel> = async (c) =>
  c.json(await cancelTournament(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json').id), 200);

export const payed: AppRouteHandler<typeof routes.payed> = async (c) => {
  const { id, status } = c.req.valid('json');
  return c.json(await setTournamentPayment(c.var.deps, c.var.callerId, c.req.valid('param').orgId, id, status), 200);
};

export const comment: AppRouteHandler<typeof routes.comment> = async (c) => {
  const { orgId, id } = c.req.valid('param');
  return c.json(await commentTournament(c.var.deps, c.var.callerId, orgId, id, c.req.valid('json').comment), 200);
};

export const calendar: AppRouteHandler<typeof routes.calendar> = async (c) => {
  const text = await tournamentCalendar(c.var.deps, c.req.valid('query'));
  return c.body(text, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="turniere.ics"',
    'Cache-Control': 'public, max-age=900',
  });
};

/** Streamed upload (see routes.ts uploadFileDoc). */
export async function uploadFile(c: Context<AppEnv>) {
  const orgId = checked(idText, 'orgId', c.req.param('orgId'));
  const id = checked(idText, 'id', c.req.param('id'));
  return c.json(await uploadTournamentFile(c.var.deps, c.var.callerId, orgId, id, c.req.raw), 200);
}

export const deleteFile: AppRouteHandler<typeof routes.deleteFile> = async (c) => {
  const { orgId, id, uuid } = c.req.valid('param');
  return c.json(await deleteTournamentFile(c.var.deps, c.var.callerId, orgId, id, uuid), 200);
};
