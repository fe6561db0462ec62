import type { NextRequest } from 'next/server';
import { handleApiProxy } from '@/lib/api/proxy-handler';

/**
 * /admin/api/... → the same /api/... path on the federation API, for what the browser must fetch
 * itself (uploads, downloads, images, search-as-you-type). Never cached, never buffered.
 * npm start/dev serve these paths from scripts/admin-server.ts before they reach Next (same
 * handler), because Next removes Content-Length from route-handler answers.
 */
export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: NextRequest, { params }: Context): Promise<Response> {
  const { path } = await params;
  return handleApiProxy(request, `/api/${path.map(encodeURIComponent).join('/')}`);
}

export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
