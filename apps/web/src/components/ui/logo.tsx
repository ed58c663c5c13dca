/** The round SheetForms logo (a form sheet on an emerald disc); the same drawing as public/favicon.svg. */
export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="32" fill="#059669" />
      <rect x="18" y="16" width="28" height="32" rx="4" fill="#ffffff" />
      <rect x="23" y="23" width="18" height="3" rx="1.5" fill="#059669" />
      <rect x="23" y="30.5" width="18" height="3" rx="1.5" fill="#6ee7b7" />
      <rect x="23" y="38" width="11" height="3" rx="1.5" fill="#6ee7b7" />
    </svg>
  );
}
