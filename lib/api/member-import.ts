import 'server-only';
import { apiCall } from './client';

/**
 * Server-side calls of the member import screen. The upload itself (dry run, CSV of the
 * verdicts, import) goes from the browser through /admin/api, streamed.
 */

/** POST /api/v1/admin/members/imports/{importId}/undo: takes back a whole import of today. */
export function undoMemberImport(importId: string) {
  return apiCall((api) => api.api.v1.admin.members.imports[':importId'].undo.$post({ param: { importId } }));
}
