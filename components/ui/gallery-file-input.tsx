'use client';

import type { Ref } from 'react';
import { GALLERY_ACCEPT } from '@/lib/domain/gallery';

/**
 * The hidden file picker of a gallery (news article, message): several pictures or PDFs at once,
 * opened by a visible button through `ref`. It empties itself after each choice, so the same file
 * can be chosen again after it was taken out.
 */
export function GalleryFileInput({
  ref,
  label,
  onChoose,
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  onChoose: (files: File[]) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      multiple
      accept={GALLERY_ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        if (files.length) onChoose(files);
      }}
    />
  );
}
