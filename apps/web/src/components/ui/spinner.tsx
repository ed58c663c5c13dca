/** The size of a Spinner: sm fits in a button, lg stands alone. */
export type SpinnerSize = 'sm' | 'md' | 'lg';

const sizes: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-4',
};

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Announced to assistive technology; ignored when decorative. */
  label?: string;
  /** A spinner inside a control that already says it is busy. */
  decorative?: boolean;
  className?: string;
}

/** A spinning circle; announced as a status with its label unless decorative. */
export function Spinner({
  size = 'md',
  label = 'Loading',
  decorative = false,
  className = '',
}: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-current border-t-transparent ${sizes[size]} ${className}`}
    />
  );
  if (decorative) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner with visible text, for a whole page or panel that is loading. */
export function PageLoader({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-slate-600"
    >
      <span
        aria-hidden="true"
        className="inline-block size-10 animate-spin rounded-full border-4 border-emerald-600 border-t-transparent"
      />
      <p className="font-medium text-sm">{label}</p>
    </div>
  );
}
