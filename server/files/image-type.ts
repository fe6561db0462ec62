// 'file-type/node' rather than 'file-type': the root export offers the Node build only under an
// import condition, which jest's CommonJS resolver does not match.
import { fileTypeFromFile } from 'file-type/node';
import { ApiError } from '../http/errors';

/** Image types accepted for pictures, decided by the file's content (magic bytes), never by its name. */
const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

export async function detectImage(filePath: string): Promise<{ mime: string; ext: string }> {
  const type = await fileTypeFromFile(filePath);
  const ext = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!type || !ext) {
    throw new ApiError(415, 'unsupported_type', 'Only PNG or JPEG images are accepted', { value: type?.mime ?? null });
  }
  return { mime: type.mime, ext };
}
