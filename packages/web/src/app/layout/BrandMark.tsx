/** The platform's mark: a truck on a weighbridge deck. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="wb-brand-mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <rect width="48" height="48" rx="11" fill="var(--wb-primary, #3c5fbd)" />
      <path d="M9 18h17v12H9z" fill="#fff" />
      <path d="M26 22h7l5 5v3H26z" fill="#fff" opacity=".85" />
      <circle cx="15" cy="31" r="3" fill="var(--wb-primary, #3c5fbd)" stroke="#fff" strokeWidth="2" />
      <circle cx="32" cy="31" r="3" fill="var(--wb-primary, #3c5fbd)" stroke="#fff" strokeWidth="2" />
      <path d="M6 36h36" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M10 36v3M38 36v3" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity=".7" />
    </svg>
  );
}
