'use client';

import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { BASE_PATH, proxiedImageSrc } from '@/lib/domain/shell';
import { hardNavigate } from '@/components/shell/hard-navigate';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, uploadFile } from '@/lib/upload';

/** The 200 px profile picture with its upload (png or jpeg, core §2, §5) and a progress bar. */
export function ProfilePicture({ mgId, name, imageSrc }: { mgId: number; name: string; imageSrc: string | null }) {
  const t = useTranslations('profile');
  const te = useTranslations('errors');
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState(imageSrc);
  const [percent, setPercent] = useState<number | null>(null);

  async function upload(file: File) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notify.error(t('wrongType'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      notify.error(te('tooLarge'));
      return;
    }
    setPercent(0);
    try {
      const { status, body } = await uploadFile(`${BASE_PATH}/api/v1/profile/image/${mgId}`, file, setPercent);
      if (status === 401) {
        hardNavigate(BASE_PATH);
        return;
      }
      if (status >= 200 && status < 300) {
        const link = (body as { imageLink?: string } | null)?.imageLink;
        const next = proxiedImageSrc(link);
        // A new address each time, so the browser does not show the cached old picture.
        if (next) setSrc(`${next}${next.includes('?') ? '&' : '?'}v=${Date.now()}`);
        notify.success(t('uploadSuccess'));
        router.refresh();
        return;
      }
      notify.error(status === 415 ? t('wrongType') : status === 413 ? te('tooLarge') : status === 403 ? te('forbidden') : te('generic'));
    } catch {
      notify.error(te('generic'));
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <Avatar src={src} name={name} size={200} />
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('upload')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={percent !== null}>
        {t('upload')}
      </Button>
      <p className="text-xs text-gray-500">{t('uploadHint')}</p>
      {percent !== null && (
        <div className="w-48">
          <div
            role="progressbar"
            aria-label={t('upload')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full bg-brand transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-center text-xs text-gray-600">{t('uploading', { percent })}</p>
        </div>
      )}
    </div>
  );
}
