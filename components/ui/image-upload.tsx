'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { proxiedImageSrc } from '@/lib/domain/shell';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@/lib/upload';
import { Avatar } from './avatar';
import { Button } from './button';
import { notify } from './toast';
import { UploadProgress } from './upload-progress';
import { useUpload } from './hooks/use-upload';

export interface ImageUploadTexts {
  upload: string;
  hint?: string;
  wrongType: string;
  success: string;
}

export interface ImageUploadProps {
  /** Browser address of the upload (through the /admin/api proxy); null offers no upload. */
  uploadUrl: string | null;
  name: string;
  /** The API's image link ("/api/v1/.../image/<uuid>") or null. */
  imageLink: string | null;
  size: number;
  texts: ImageUploadTexts;
}

/**
 * A picture (avatar with initials fallback) with its upload: png or jpeg up to 50 MB, checked here
 * to spare a doomed transfer and again by the API by content; a progress bar while it goes.
 * Used for the profile picture, the member photo and the organisation image.
 */
export function ImageUpload({ uploadUrl, name, imageLink, size, texts }: ImageUploadProps) {
  const te = useTranslations('errors');
  const router = useRouter();
  const { input, percent, send } = useUpload();
  const [uploaded, setUploaded] = useState<string | null>(null);
  const src = uploaded ?? proxiedImageSrc(imageLink);

  async function upload(url: string, file: File) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notify.error(texts.wrongType);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      notify.error(te('tooLarge'));
      return;
    }
    await send(url, file, undefined, ({ status, body }) => {
      if (status >= 200 && status < 300) {
        const next = proxiedImageSrc((body as { imageLink?: string } | null)?.imageLink);
        // A new address each time, so the browser does not keep showing the cached old picture.
        if (next) setUploaded(`${next}${next.includes('?') ? '&' : '?'}v=${Date.now()}`);
        notify.success(texts.success);
        router.refresh();
        return;
      }
      notify.error(status === 415 ? texts.wrongType : status === 413 ? te('tooLarge') : status === 403 ? te('forbidden') : te('generic'));
    });
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <Avatar src={src} name={name} size={size} />
      {uploadUrl && (
        <>
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label={texts.upload}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(uploadUrl, file);
            }}
          />
          <Button variant="secondary" size={size >= 200 ? 'md' : 'sm'} onClick={() => input.current?.click()} loading={percent !== null}>
            {texts.upload}
          </Button>
          {texts.hint && <p className="text-xs text-gray-500">{texts.hint}</p>}
          {percent !== null && <UploadProgress percent={percent} label={texts.upload} />}
        </>
      )}
    </div>
  );
}
