/** The federation's mark: a target face. Decorative; the link around it carries the name. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="19" fill="#ffffff" stroke="#073763" strokeWidth="1.5" />
      <circle cx="20" cy="20" r="15" fill="#1f2937" />
      <circle cx="20" cy="20" r="11" fill="#0b5394" />
      <circle cx="20" cy="20" r="7" fill="#dc2626" />
      <circle cx="20" cy="20" r="3.5" fill="#facc15" />
    </svg>
  );
}
