import { SKIPPED_STEP } from '@/components/shared/orders/order-view';

/** The wizard's numbered steps: the current one marked (aria-current), a skipped one struck through. */
export function WizardSteps({ labels, step, skipped, label }: { labels: string[]; step: number; skipped: number | null; label: string }) {
  return (
    <ol className="mb-4 flex flex-wrap gap-2 text-sm" aria-label={label}>
      {labels.map((text, i) => (
        <li
          key={text}
          aria-current={i === step ? 'step' : undefined}
          className={
            i === step
              ? 'rounded-full bg-brand px-3 py-1 font-medium text-white'
              : i === skipped
                ? SKIPPED_STEP
                : 'rounded-full bg-gray-100 px-3 py-1 text-gray-700'
          }
        >
          {i + 1}. {text}
        </li>
      ))}
    </ol>
  );
}
