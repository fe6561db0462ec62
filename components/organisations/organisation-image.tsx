'use client';

import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { hardNavigate } from '@/components/shell/hard-navigate';
import { BASE_PATH, proxiedImageSrc } from '@/lib/domain/shell';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, uploadFile } from '@/lib/upload';
import { UploadProgress } from './upload-progress';

export interface OrganisationImageProps {
  actingOrgId: number;
  orgId: number;
  name: string;
  /** "/api/v1/org/image/<uuid>" or null. */
  imageLink: string | null;
  canEdit: boolean;
}

/** The organisation's image with its upload (png or jpeg, up to 50 MB) and a progress bar. */
export function OrganisationImage({ actingOrgId, orgId, name, imageLink, canEdit }: OrganisationImageProps) {
  const t = useTranslations('organisations');
  const te = useTranslations('errors');
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const src = uploaded ?? proxiedImageSrc(imageLink);

  async function upload(file: File) {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notify.error(t('image.wrongType'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      notify.error(te('tooLarge'));
      return;
    }
    setPercent(0);
    try {
      const url = `${BASE_PATH}/api/v1/org/image/${orgId}?actingOrgId=${actingOrgId}`;
      const { status, body } = await uploadFile(url, file, setPercent);
      if (status === 401) {
        hardNavigate(BASE_PATH);
        return;
      }
      if (status >= 200 && status < 300) {
        const next = proxiedImageSrc((body as { imageLink?: string } | null)?.imageLink);
        // a new address each time, so the browser does not show the cached old picture
        if (next) setUploaded(`${next}${next.includes('?') ? '&' : '?'}v=${Date.now()}`);
        notify.success(t('uploadSuccess'));
        router.refresh();
        return;
      }
      notify.error(
        status === 415 ? t('image.wrongType') : status === 413 ? te('tooLarge') : status === 403 ? te('forbidden') : te('generic'),
      );
    } catch {
      notify.error(te('generic'));
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <Avatar src={src} name={name} size={96} />
      {canEdit && (
        <>
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('image.upload')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={percent !== null} title={t('image.hint')}>
            {t('image.upload')}
          </Button>
          {percent !== null && <UploadProgress percent={percent} label={t('image.upload')} text={t('image.uploading', { percent })} />}
        </>
      )}
    </div>
  );
}
