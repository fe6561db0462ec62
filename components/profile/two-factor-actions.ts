'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import * as api from '@/lib/api/two-factor';
import { passkeyRenameSchema } from '@/lib/schemas/two-factor';

/** The profile's management of the second factors: rename and remove passkeys, remove the authenticator app, new recovery codes. */

const NAMESPACES = ['twoFactor'] as const;
const noInput = z.object({});

export const renamePasskey = defineAction({
  namespace: NAMESPACES,
  input: passkeyRenameSchema.extend({ id: z.string().min(1).max(1400) }),
  run: async ({ id, name }) => api.renamePasskey(id, name),
});

export const removePasskey = defineAction({
  namespace: NAMESPACES,
  input: z.object({ id: z.string().min(1).max(1400) }),
  run: async ({ id }) => {
    await api.removePasskey(id);
    return null;
  },
});

export const removeAuthenticator = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  run: async () => {
    await api.removeTotp();
    return null;
  },
});

export const renewRecoveryCodes = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  run: async () => (await api.regenerateRecoveryCodes()).recoveryCodes,
});
