/**
 * Next's build assets (/admin/_next/static/*) as Brotli when the browser accepts it: Brotli is
 * about a fifth smaller than the gzip Next sends. Each compressible asset is compressed once, at
 * its first request, into `<file>.br` beside it (in the background: that first answer still comes
 * from Next), and from then on sent from disk. The names carry the build's content hash, so an
 * asset never changes; a `.br` older than its asset is not used. Anything else — another path, a
 * browser without `br`, a range request, a folder that cannot be written — is left to Next.
 */
import { createReadStream, promises as fs, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

/** The cache header Next sends for its immutable build assets. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** The assets worth compressing, with the Content-Type Next sends for them. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=UTF-8',
};

/** Whether an Accept-Encoding header accepts Brotli (`br`, not refused with q=0). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding.trim().toLowerCase() !== 'br') return false;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    return !q || Number(q[1]) > 0;
  });
}

export interface BrotliStatic {
  /** Answers the request with the asset's `.br` and returns true, or returns false (Next answers). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Compressions under way (tests wait for them). */
  pending(): Promise<void>;
}

/**
 * `urlPrefix` (e.g. '/admin/_next/static/') maps onto `staticDir` (the build's static folder).
 * `onError` hears a compression that failed (e.g. a read-only folder); the asset stays with Next.
 */
export function brotliStatic(urlPrefix: string, staticDir: string, onError: (err: unknown) => void = () => {}): BrotliStatic {
  const root = path.resolve(staticDir);
  /** Assets being compressed, or given up on: not tried again. */
  const busy = new Map<string, Promise<void>>();
  const failed = new Set<string>();

  function assetOf(url: string | undefined): string | null {
    const pathname = (url ?? '').split('?')[0];
    if (!pathname.startsWith(urlPrefix)) return null;
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(urlPrefix.length));
    } catch {
      return null;
    }
    if (!TYPES[path.extname(relative)] || relative.includes('\0')) return null;
    const file = path.resolve(root, relative);
    return file.startsWith(root + path.sep) ? file : null;
  }

  function compressLater(file: string) {
    if (busy.has(file) || failed.has(file)) return;
    const job = (async () => {
      const source = await fs.readFile(file);
      const br = await compress(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
      // written under a temporary name and renamed: a request never reads half a file
      const temporary = `${file}.br.${process.pid}.tmp`;
      await fs.writeFile(temporary, br);
      await fs.rename(temporary, `${file}.br`);
    })()
      .catch((err: unknown) => {
        failed.add(file);
        onError(err);
      })
      .finally(() => busy.delete(file));
    busy.set(file, job);
  }

  return {
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (req.headers.range || !acceptsBrotli(req.headers['accept-encoding'])) return false;
      const file = assetOf(req.url);
      if (!file) return false;
      let source, br;
      try {
        source = statSync(file);
      } catch {
        return false; // not an asset of this build: Next answers 404
      }
      if (!source.isFile()) return false;
      try {
        br = statSync(`${file}.br`);
      } catch {
        br = null;
      }
      if (!br || br.mtimeMs < source.mtimeMs) {
        compressLater(file);
        return false;
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', TYPES[path.extname(file)]);
      res.setHeader('Content-Encoding', 'br');
      res.setHeader('Content-Length', br.size);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', IMMUTABLE_CACHE);
      if (req.method === 'HEAD') {
        res.end();
        return true;
      }
      const stream = createReadStream(`${file}.br`);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
      return true;
    },
    async pending() {
      await Promise.all(busy.values());
    },
  };
}
