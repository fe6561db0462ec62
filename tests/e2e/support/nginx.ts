import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

/**
 * A throwaway nginx (Debian's package) in front of the admin app on loopback: TLS with a
 * self-signed certificate made here, its own prefix and config in a temp folder, run as a
 * foreground child process (never the system service).
 * To let one machine play several clients, nginx takes the client address from the test-only
 * header X-Test-Client-Address (realip module, believed from loopback only) — what a real nginx
 * gets from the TCP connection — and passes it on in X-Forwarded-For like any reverse proxy.
 */
export const NGINX_BIN = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type Nginx = { dir: string; stop: () => Promise<void> };

/**
 * nginx on `port` in front of the admin servers on `upstreamPorts`, taken in turn (round-robin, no
 * kept-alive connections, so consecutive requests alternate); each answer names the server that
 * gave it in X-Upstream.
 */
export async function startNginx(options: { port: number; upstreamPorts: number[] }): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-nginx-'));
  for (const sub of ['logs', 'tmp']) mkdirSync(path.join(dir, sub));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream admin {
${options.upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${options.port} ssl;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    client_max_body_size 51m;

    set_real_ip_from 127.0.0.1;
    real_ip_header X-Test-Client-Address;

    location / {
      proxy_pass http://admin;
      add_header X-Upstream $upstream_addr always;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Test-Client-Address "";
      proxy_request_buffering off;
      proxy_buffering off;
    }
  }
}
`,
  );
  const child = spawn(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`https://localhost:${options.port}/`, child, 'nginx');
  return {
    dir,
    stop: async () => {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a server as a child process until it answers `url` (any status). */
export async function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; url: string; name: string },
) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(options.url, child, options.name);
  return { child, stop: () => stop(child) };
}

async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs = 60_000) {
  const started = Date.now();
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() - started < timeoutMs) {
    if (exited !== null) throw new Error(`${name} exited with ${exited} before answering ${url}`);
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** Any HTTP answer counts. The certificate is self-signed: only this readiness probe skips the check. */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
