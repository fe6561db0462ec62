'use client';

/** A thin progress bar with its percentage text (uploads of images and documents). */
export function UploadProgress({ percent, label, text }: { percent: number; label: string; text: string }) {
  return (
    <div className="w-full max-w-xs">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-brand transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-gray-600">{text}</p>
    </div>
  );
}
