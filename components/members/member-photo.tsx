'use client';

import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, uploadFile } from '@/lib/upload';
import { hardNavigate } from '@/components/shell/hard-navigate';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { BASE_PATH, proxiedImageSrc } from '@/lib/domain/shell';

export interface MemberPhotoProps {
  memberId: number | null;
  name: string;
  imageLink: string | null;
  /** Upload offered only for a saved member the caller may edit. */
  canUpload: boolean;
}

/**
 * The member's photo on the profile card with its upload (png or jpeg, checked again by the API;
 * progress shown), through /admin/api/v1/profile/image/{id}.
 */
export function MemberPhoto({ memberId, name, imageLink, canUpload }: MemberPhotoProps) {
  const t = useTranslations('members.card');
  const te = useTranslations('errors');
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const src = uploaded ?? proxiedImageSrc(imageLink);

  async function upload(file: File) {
    if (memberId === null) return;
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
      const { status, body } = await uploadFile(`${BASE_PATH}/api/v1/profile/image/${memberId}`, file, setPercent);
      if (status === 401) {
        hardNavigate(BASE_PATH);
        return;
      }
      if (status >= 200 && status < 300) {
        const next = proxiedImageSrc((body as { imageLink?: string } | null)?.imageLink);
        // a new address each time, so the browser does not keep showing the cached old picture
        if (next) setUploaded(`${next}${next.includes('?') ? '&' : '?'}v=${Date.now()}`);
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
    <div className="flex flex-col items-center gap-2">
      <Avatar src={src} name={name} size={120} />
      {canUpload && memberId !== null && (
        <>
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
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={percent !== null}>
            {t('upload')}
          </Button>
          <p className="text-xs text-gray-500">{t('uploadHint')}</p>
        </>
      )}
      {percent !== null && (
        <div className="w-32">
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
