// Browser-side: used by client components (profile picture, member photo, organisation image and documents).
/**
 * Uploads through the app's /admin/api proxy with XMLHttpRequest, because fetch cannot report
 * upload progress. Extra fields go before the file (the API reads them first while streaming).
 * Resolves with the status and the parsed JSON body (success or error shape).
 */
export interface UploadResult {
  status: number;
  body: unknown;
}

/** Uploads are capped at 50 MB; the API enforces it, this spares a doomed transfer. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export function uploadFile(
  url: string,
  file: File | File[],
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
  /** The form field of the file(s): 'file', or e.g. 'files' for the gallery's several. */
  fileField = 'file',
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Error('aborted'));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const f of Array.isArray(file) ? file : [file]) form.append(fileField, f, f.name);
    xhr.send(form);
  });
}

/** The error code of an API error body, if it has the shape. */
export function errorCodeOf(body: unknown): string | undefined {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}
