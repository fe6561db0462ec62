/**
 * Stands in for components/ui/rich-text-editor in component tests: the real editor (ProseMirror)
 * needs a real browser's layout; a plain text box with the same props does here.
 * Use: jest.mock('../../../components/ui/rich-text-editor', () => jest.requireActual('../rich-text-editor-stand-in')).
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  return <textarea aria-label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />;
}
