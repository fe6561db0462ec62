import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, utimesSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { acceptsBrotli, brotliStatic, IMMUTABLE_CACHE, type BrotliStatic } from '@/lib/static-brotli';

const SCRIPT = `console.log(${JSON.stringify('federation '.repeat(500))});`;

let dir: string;
let server: http.Server;
let base: string;
let brotli: BrotliStatic;

/** A GET (or HEAD) with the given Accept-Encoding; the body raw, as the browser receives it. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'brotli-static-'));
  mkdirSync(path.join(dir, 'chunks'));
  writeFileSync(path.join(dir, 'chunks', 'app.js'), SCRIPT);
  brotli = brotliStatic('/admin/_next/static/', dir);
  // what answers when the asset is not served as Brotli: stands in for Next
  server = http.createServer((req, res) => {
    if (brotli.serve(req, res)) return;
    res.setHeader('x-answered-by', 'next');
    res.end('from next');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await brotli.pending();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('build assets as Brotli', () => {
  it('sends the precompressed .br to a browser that accepts br, with the immutable cache header', async () => {
    writeFileSync(path.join(dir, 'chunks', 'app.js.br'), brotliCompressSync(SCRIPT));
    const res = await get('/admin/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('leaves the asset to Next for a browser without br, or one refusing it with q=0', async () => {
    writeFileSync(path.join(dir, 'chunks', 'app.js.br'), brotliCompressSync(SCRIPT));
    for (const encoding of [undefined, 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/admin/_next/static/chunks/app.js', encoding ? { 'accept-encoding': encoding } : {});
      expect(res.headers['x-answered-by']).toBe('next');
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });

  it('compresses an asset at its first request (Next answers that one) and sends the .br from then on', async () => {
    const first = await get('/admin/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    expect(first.headers['x-answered-by']).toBe('next');
    await brotli.pending();
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'chunks', 'app.js.br'))).toString()).toBe(SCRIPT);
    const second = await get('/admin/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.body).toString()).toBe(SCRIPT);
  });

  it('answers HEAD with the headers and no body', async () => {
    writeFileSync(path.join(dir, 'chunks', 'app.js.br'), brotliCompressSync(SCRIPT));
    const res = await get('/admin/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('does not use a .br older than its asset', async () => {
    writeFileSync(path.join(dir, 'chunks', 'app.js.br'), brotliCompressSync('stale'));
    utimesSync(path.join(dir, 'chunks', 'app.js.br'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    const res = await get('/admin/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    expect(res.headers['x-answered-by']).toBe('next');
  });

  it('leaves other paths, missing assets, paths out of the folder and range requests to Next', async () => {
    writeFileSync(path.join(dir, 'chunks', 'app.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(os.tmpdir(), 'outside-brotli-static.js'), SCRIPT);
    for (const url of [
      '/admin/chunks/app.js',
      '/admin/_next/static/chunks/missing.js',
      '/admin/_next/static/..%2Foutside-brotli-static.js',
      '/admin/_next/static/chunks/app.png',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.headers['x-answered-by']).toBe('next');
    }
    const ranged = await get('/admin/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-10' });
    expect(ranged.headers['x-answered-by']).toBe('next');
    await brotli.pending();
    expect(existsSync(path.join(dir, 'chunks', 'missing.js.br'))).toBe(false);
    expect(existsSync(path.join(os.tmpdir(), 'outside-brotli-static.js.br'))).toBe(false);
    rmSync(path.join(os.tmpdir(), 'outside-brotli-static.js'), { force: true });
  });
});

describe('Accept-Encoding', () => {
  it.each([
    ['br', true],
    ['gzip, deflate, br, zstd', true],
    ['BR;q=0.5', true],
    ['gzip', false],
    ['br;q=0', false],
    ['', false],
    [undefined, false],
  ])('%s accepts Brotli: %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});
