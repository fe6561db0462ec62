import { act, render } from '@testing-library/react';
import { LazyRichTextEditor } from '@/components/ui/lazy-rich-text-editor';

/**
 * Loads the on-demand rich-text editor once, inside act: React then resolves its lazy component
 * while the test waits, and every later render shows it at once (no "suspended resource finished
 * loading … not wrapped in act" warning from a form that opens in writing mode).
 */
export async function loadLazyEditor() {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(<LazyRichTextEditor label="preload" value="" onChange={() => undefined} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  view?.unmount();
}
