import { fileTypeFromFile } from 'file-type/node';
import { ApiError } from '../http/errors';

/**
 * Document types accepted for organisation documents (pdf, docx, xlsx), decided by the
 * file's content, never by its name. file-type tells docx and xlsx apart by the zip's content
 * ([Content_Types].xml or the word/ and xl/ folders), so a renamed zip or text file is refused.
 */
const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

export async function detectDocument(filePath: string): Promise<{ mime: string; ext: string }> {
  const type = await fileTypeFromFile(filePath);
  const ext = type ? DOCUMENT_TYPES[type.mime] : undefined;
  if (!type || !ext) {
    throw new ApiError(415, 'unsupported_type', 'Only PDF, DOCX or XLSX documents are accepted', { value: type?.mime ?? null });
  }
  return { mime: type.mime, ext };
}
