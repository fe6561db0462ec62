'use client';

import { useTranslations } from 'next-intl';
import { ImageUpload } from '@/components/ui/image-upload';
import { BASE_PATH } from '@/lib/domain/shell';

/** The 200 px profile picture with its upload (png or jpeg) and a progress bar. */
export function ProfilePicture({ mgId, name, imageSrc }: { mgId: number; name: string; imageSrc: string | null }) {
  const t = useTranslations('profile');
  return (
    <ImageUpload
      uploadUrl={`${BASE_PATH}/api/v1/profile/image/${mgId}`}
      name={name}
      imageLink={imageSrc}
      size={200}
      texts={{
        upload: t('upload'),
        hint: t('uploadHint'),
        wrongType: t('wrongType'),
        success: t('uploadSuccess'),
      }}
    />
  );
}
