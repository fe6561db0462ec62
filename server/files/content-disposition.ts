/**
 * `Content-Disposition: attachment` with the original file name: a plain ASCII fallback for old
 * clients plus the RFC 5987 `filename*` form for everything else (umlauts in "Vereinsgründung.pdf").
 * Quotes, backslashes and control characters never reach the header.
 */
export function attachmentDisposition(originalName: string): string {
  const name = baseName(originalName) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The last path segment of a client-supplied file name, without control characters ('../../x.pdf' → 'x.pdf'). */
function baseName(originalName: string): string {
  const last = originalName.split(/[\\/]/).pop() ?? '';
  return last
    .replace(/[\x00-\x1f\x7f]/g, '')
    .trim()
    .replace(/^\.+$/, '')
    .slice(0, 255);
}
