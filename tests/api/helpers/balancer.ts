import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NGINX_BIN, startProcess } from '../../e2e/support/nginx';
import { freePort } from './api-process';

/**
 * A load balancer in front of several API processes on loopback, round-robin, one request after
 * the other to the next process. Every answer names the process that gave it (header X-Upstream,
 * `127.0.0.1:<port>`), so a test can show a sequence of requests was spread over them.
 *
 * Debian's nginx (as the browser tests use it) with its own prefix and config in a temp folder,
 * run as a foreground child; without nginx on the machine, a small round-robin proxy in this
 * process (node:http). A failed upstream is not retried on the next one (proxy_next_upstream off):
 * a test sees every error as the client would.
 *
 * The client address: from the test-only header X-Test-Client-Address (what a real balancer takes
 * from the TCP connection), passed on as X-Forwarded-For, which the API believes from loopback.
 */
export type Balancer = { url: string; kind: 'nginx' | 'node'; stop: () => Promise<void> };

export async function startBalancer(upstreamPorts: number[]): Promise<Balancer> {
  const port = await freePort();
  return existsSync(NGINX_BIN) ? startNginxBalancer(port, upstreamPorts) : startNodeBalancer(port, upstreamPorts);
}

async function startNginxBalancer(port: number, upstreamPorts: number[]): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-balancer-'));
  for (const sub of ['logs', 'tmp']) mkdirSync(path.join(dir, sub));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream api {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 51m;
    set_real_ip_from 127.0.0.1;
    real_ip_header X-Test-Client-Address;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_next_upstream off;
      proxy_read_timeout 120s;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Test-Client-Address "";
      proxy_buffering off;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const nginx = await startProcess(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/error.log')], {
    cwd: dir,
    env: {},
    url: `http://127.0.0.1:${port}/api/health`,
    name: 'nginx',
  });
  return {
    url: `http://127.0.0.1:${port}`,
    kind: 'nginx',
    stop: async () => {
      await nginx.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startNodeBalancer(port: number, upstreamPorts: number[]): Promise<Balancer> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const upstream = upstreamPorts[next++ % upstreamPorts.length];
    const headers: http.OutgoingHttpHeaders = {
      ...req.headers,
      'x-forwarded-for': String(req.headers['x-test-client-address'] ?? req.socket.remoteAddress),
    };
    delete headers['x-test-client-address'];
    const out = http.request({ host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': `127.0.0.1:${upstream}` });
      answer.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'x-upstream': `127.0.0.1:${upstream}` });
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    kind: 'node',
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
