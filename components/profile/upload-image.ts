/**
 * Uploads a picture through the app's /admin/api proxy with XMLHttpRequest, because fetch cannot
 * report upload progress. Resolves with the status and the parsed JSON body (success or error shape).
 */
export interface UploadResult {
  status: number;
  body: unknown;
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export function uploadImage(url: string, file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
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
    form.append('file', file);
    xhr.send(form);
  });
}
