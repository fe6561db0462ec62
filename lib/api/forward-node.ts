import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { answerHasNoBody, answerHeaders, planForward, type ForwardOptions, type ProxiedRequest } from './forward';

/**
 * The browser-facing proxy over node:http, for the admin server (scripts/admin-server.ts): the
 * same rules as forwardRequest (planForward, answerHeaders), with the bodies piped both ways
 * (an upload reaches the API as it arrives, a download keeps its Content-Length) and the
 * connections to the API kept open between requests.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 }),
};

/** Node's request as the proxy's rules read it; `url` is made absolute with the Host header. */
export function proxiedRequest(req: http.IncomingMessage): ProxiedRequest {
  return {
    method: req.method ?? 'GET',
    url: `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`,
    headers: { get: (name) => headerValue(req.headers, name) },
  };
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function sendError(res: http.ServerResponse, status: number, code: string, message: string) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { code, message } }));
}

/** Forwards one request to the API; resolves once the answer has been sent (or the browser left). */
export function forwardNode(req: http.IncomingMessage, res: http.ServerResponse, options: ForwardOptions): Promise<void> {
  const plan = planForward(proxiedRequest(req), options);
  if (plan.refusal) {
    // An unread body must not keep the connection busy: it is drained and dropped.
    req.resume();
    sendError(res, plan.refusal.status, plan.refusal.code, plan.refusal.message);
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const target = new URL(plan.target);
    const client = target.protocol === 'https:' ? https : http;
    const upstream = client.request(target, {
      method: plan.method,
      headers: plan.headers,
      agent: agents[target.protocol as 'http:' | 'https:'] ?? agents['http:'],
    });
    let answered = false;
    upstream.on('response', (answer) => {
      answered = true;
      const headers = answerHeaders(answer.statusCode ?? 502, rawPairs(answer.rawHeaders), options, false);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headerObject(headers));
      if (answerHasNoBody(plan.method, answer.statusCode ?? 502)) {
        answer.resume();
        res.end();
        return resolve();
      }
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      res.on('close', resolve);
    });
    upstream.on('error', () => {
      if (!answered && !res.destroyed) sendError(res, 502, 'bad_gateway', 'The federation API is not reachable');
      else res.destroy();
      resolve();
    });
    // The browser went away: so does the request to the API (an upload is not finished).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (plan.hasBody) req.pipe(upstream);
    else upstream.end();
  });
}

/** Repeated headers joined as fetch's Headers joins them; Set-Cookie stays a list. */
function headerObject(pairs: Array<[string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const seen = out[name];
    if (name === 'set-cookie') out[name] = [...((seen as string[] | undefined) ?? []), value];
    else out[name] = seen === undefined ? value : `${seen}, ${value}`;
  }
  return out;
}

function rawPairs(raw: string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
}
