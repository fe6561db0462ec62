'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import {
  commentTournament,
  deleteTournamentFile,
  getTournaments,
  getTournamentTuple,
  saveTournament,
  setTournamentPayment,
  tournamentAction,
} from '@/lib/api/tournaments';
import { tournamentInputSchema } from '@/lib/schemas/tournaments';
import { PAYMENT_STATUSES } from '@/lib/domain/tournaments/status';
import { recordId, recordVersion } from '@/lib/schemas/ids';
import { TOURNAMENT_PAGE_SIZE } from './tournament-view';

/** The tournament screens' calls (forms 1000 and 1001). */

function tournamentRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  switch (error.code) {
    case 'stale':
      return { message: t('stale') };
    case 'tournament_canceled':
      return { message: t('canceledAlready') };
    case 'already_approved':
      return { message: t('approvedAlready') };
    case 'validation': {
      if (!error.field) return undefined;
      const key = error.rule && t.has(`rules.${error.rule}`) ? `rules.${error.rule}` : 'required';
      const field = error.field.replace(/^params\./, '');
      const label = t.has(`fields.${field}`) ? t(`fields.${field}`) : field;
      return { message: `${label}: ${t(key)}`, fieldErrors: { [error.field]: t(key) } };
    }
    default:
      return undefined;
  }
}

export const loadTournaments = defineAction({
  namespace: 'tournaments',
  input: z.object({
    orgId: recordId,
    q: z.string().max(100).optional(),
    filter: z.string().max(200).optional(),
    page: z.number().int().min(1).max(100_000),
    size: z.number().int().min(1).max(100).default(TOURNAMENT_PAGE_SIZE),
  }),
  failure: 'loadFailed',
  run: async ({ orgId, ...params }) => getTournaments(orgId, params),
});

export const loadTuple = defineAction({
  namespace: 'tournaments',
  input: z.object({ id: recordId }),
  failure: 'loadFailed',
  run: async ({ id }) => getTournamentTuple(id),
});

export const saveTournamentAction = defineAction({
  namespace: 'tournaments',
  input: z.object({
    orgId: recordId,
    id: recordId.optional(),
    updatedAt: recordVersion.optional(),
    values: z.unknown().pipe(tournamentInputSchema),
  }),
  failure: 'saveFailed',
  refusal: tournamentRefusal,
  run: async ({ orgId, id, updatedAt, values }) => saveTournament(orgId, values, id, updatedAt),
});

export const decideTournament = defineAction({
  namespace: 'tournaments',
  input: z.object({ orgId: recordId, id: recordId, action: z.enum(['approve', 'cancel']) }),
  failure: 'actionFailed',
  refusal: tournamentRefusal,
  run: async ({ orgId, id, action }) => tournamentAction(orgId, action, id),
});

/** Removes an attachment at once (no save needed); answers the tournament. */
export const removeTournamentFile = defineAction({
  namespace: 'tournaments',
  input: z.object({ orgId: recordId, id: recordId, uuid: z.uuid() }),
  failure: 'actionFailed',
  refusal: tournamentRefusal,
  run: async ({ orgId, id, uuid }) => deleteTournamentFile(orgId, id, uuid),
});

export const setPaymentStatus = defineAction({
  namespace: 'tournaments',
  input: z.object({ orgId: recordId, id: recordId, status: z.enum(PAYMENT_STATUSES) }),
  failure: 'actionFailed',
  refusal: tournamentRefusal,
  run: async ({ orgId, id, status }) => setTournamentPayment(orgId, id, status),
});

export const addComment = defineAction({
  namespace: 'tournaments',
  input: z.object({ orgId: recordId, id: recordId, comment: z.string().trim().min(1, 'required').max(2000) }),
  failure: 'actionFailed',
  refusal: tournamentRefusal,
  run: async ({ orgId, id, comment }) => commentTournament(orgId, id, comment),
});
