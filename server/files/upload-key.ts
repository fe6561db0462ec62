/**
 * The key of a stored upload as it appears in GET /uploads?file=: exactly the relative path the
 * server generated in storeFile, `<ownerType>/<yyyy>/<mm>/<uuid>.<ext>`. Anything else ('../',
 * absolute paths, backslashes, still-encoded '%2e%2e', NUL) is not a key, decided on the string
 * alone, so a hostile value never reaches the file system.
 */
const KEY = /^([a-z][a-z_]{0,39})\/(\d{4})\/(\d{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]{1,8})$/;

export function parseUploadKey(key: string): { ownerType: string; uuid: string } | null {
  const match = KEY.exec(key);
  return match ? { ownerType: match[1], uuid: match[4] } : null;
}
