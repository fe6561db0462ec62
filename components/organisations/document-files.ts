/** Documents: pdf, docx, xlsx; the API checks the content, this only spares a round trip. */
export const DOCUMENT_EXTENSIONS = ['.pdf', '.docx', '.xlsx'] as const;
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_EXTENSIONS,
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

export function isDocumentName(name: string): boolean {
  const lower = name.toLowerCase();
  return DOCUMENT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
