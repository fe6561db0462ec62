'use client';

import { useTranslations } from 'next-intl';
import { ImageUpload } from '@/components/ui/image-upload';
import { BASE_PATH } from '@/lib/domain/shell';

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
  return (
    <ImageUpload
      uploadUrl={canEdit ? `${BASE_PATH}/api/v1/org/image/${orgId}?actingOrgId=${actingOrgId}` : null}
      name={name}
      imageLink={imageLink}
      size={96}
      texts={{
        upload: t('image.upload'),
        hint: t('image.hint'),
        wrongType: t('image.wrongType'),
        success: t('uploadSuccess'),
      }}
    />
  );
}
