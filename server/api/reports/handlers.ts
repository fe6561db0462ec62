import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { clientIp } from '../../http/client-ip';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { licenceStatus as cardStatus } from '../../services/licence-status';
import { cancellationDownload, invoiceDownload, paymentRequestDownload } from '../../services/orders/invoice-downloads';
import { coverLetterDownload, licenceCardsDownload, licenceKey as publicKey } from '../../services/orders/licence-card-downloads';
import { licencesCsv } from '../../services/orders/licence-export';
import type { Download, StreamedDownload } from '../../services/orders/reports';
import type * as routes from './routes';

function send(c: Context<AppEnv>, d: Download) {
  return c.body(new Uint8Array(d.bytes), 200, {
    'Content-Type': d.type,
    'Content-Disposition': `attachment; filename="${d.fileName}"`,
    'Content-Length': String(d.bytes.length),
  });
}

/** A document sent while it is written: no Content-Length; an error midway cuts the download off (and is logged). */
function sendStream(c: Context<AppEnv>, d: StreamedDownload) {
  d.stream.on('error', (err: Error) => console.error(`[reports] ${d.fileName} aborted:`, err.message));
  const body = Readable.toWeb(d.stream as Readable) as ReadableStream<Uint8Array>;
  return c.body(body, 200, { 'Content-Type': d.type, 'Content-Disposition': `attachment; filename="${d.fileName}"` });
}

export const invoice: AppRouteHandler<typeof routes.invoice> = async (c) => {
  const { order, number } = c.req.valid('query');
  return send(c, await invoiceDownload(c.var.deps, c.var.callerId, order, number));
};

export const cancellation: AppRouteHandler<typeof routes.cancellation> = async (c) => {
  const { order, number } = c.req.valid('query');
  return send(c, await cancellationDownload(c.var.deps, c.var.callerId, order, number));
};

export const paymentRequest: AppRouteHandler<typeof routes.paymentRequest> = async (c) =>
  send(c, await paymentRequestDownload(c.var.deps, c.var.callerId, c.req.valid('query').order));

export const licenceCards: AppRouteHandler<typeof routes.licenceCards> = async (c) => {
  const { order, all } = c.req.valid('query');
  return sendStream(c, await licenceCardsDownload(c.var.deps, c.var.callerId, order, all === 'true'));
};

export const coverLetter: AppRouteHandler<typeof routes.coverLetter> = async (c) =>
  send(c, await coverLetterDownload(c.var.deps, c.var.callerId, c.req.valid('query').order));

export const licencesExport: AppRouteHandler<typeof routes.licencesExport> = async (c) =>
  send(c, await licencesCsv(c.var.deps, c.var.callerId, Number(c.req.valid('query').year)));

export const licenceKey: AppRouteHandler<typeof routes.licenceKey> = async (c) => {
  // The key is public and changes only when the data folder's key file is replaced.
  c.header('Cache-Control', 'public, max-age=3600');
  return c.json(publicKey(c.var.deps), 200);
};

export const licenceStatus: AppRouteHandler<typeof routes.licenceStatus> = async (c) => {
  const deps = c.var.deps;
  return c.json({ status: await cardStatus(deps, c.req.valid('json').card, clientIp(c, deps.env.trustedProxyIps)) }, 200);
};
