'use client';

import { useTranslations } from 'next-intl';
import { ImageUpload } from '@/components/ui/image-upload';
import { BASE_PATH } from '@/lib/domain/shell';

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
  return (
    <ImageUpload
      uploadUrl={canUpload && memberId !== null ? `${BASE_PATH}/api/v1/profile/image/${memberId}` : null}
      name={name}
      imageLink={imageLink}
      size={120}
      texts={{
        upload: t('upload'),
        hint: t('uploadHint'),
        wrongType: t('wrongType'),
        success: t('uploadSuccess'),
      }}
    />
  );
}
