import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps extends ComponentProps<'div'> {
  /** `section` (with `aria-labelledby` pointing at the CardHeader's title) for a landmark-worthy panel. */
  as?: 'div' | 'section' | 'article';
}

/** A white, rounded, bordered surface: the building block of dashboard panels. */
export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return (
    <Tag className={cn('rounded-2xl border border-slate-200 bg-white shadow-sm', className)} {...rest} />
  );
}

export interface CardHeaderProps {
  title: ReactNode;
  /** The heading's id, for the Card's `aria-labelledby`. */
  titleId?: string;
  /** The heading level; 2 by default. */
  level?: 2 | 3;
  description?: ReactNode;
  /** Buttons or links at the right end of the header (they wrap below the title on phones). */
  actions?: ReactNode;
  className?: string;
}

/** A card's title row, separated from the content by a line. */
export function CardHeader({ title, titleId, level = 2, description, actions, className }: CardHeaderProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 border-slate-100 border-b px-5 py-4',
        className,
      )}
    >
      <div className="min-w-0">
        <Heading id={titleId} className="font-semibold text-base text-slate-900">
          {title}
        </Heading>
        {description ? <p className="mt-0.5 text-slate-500 text-sm">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** A card's padded content area. */
export function CardContent({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('p-5', className)} {...rest} />;
}

export interface StatCardProps {
  /** What is counted, e.g. 'Responses' (the <dt>). */
  label: string;
  /** The figure, already formatted (the <dd>). */
  value: ReactNode;
  /** A small note next to the figure from 640 px, e.g. 'All time'. */
  detail?: ReactNode;
  /** Dims and pulses the figure while it loads. */
  loading?: boolean;
  /** data-testid of the figure. */
  valueTestId?: string;
  className?: string;
}

/** One figure of a statistics row. It renders a <dt>/<dd> pair, so place StatCards inside a <dl>. */
export function StatCard({ label, value, detail, loading = false, valueTestId, className }: StatCardProps) {
  return (
    <div
      className={cn(
        'min-w-0 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:px-5 sm:py-4',
        className,
      )}
    >
      <dt className="truncate font-medium text-slate-500 text-xs sm:text-sm">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
        <span
          data-testid={valueTestId}
          className={cn(
            'font-bold text-2xl tabular-nums',
            loading ? 'animate-pulse text-slate-300' : 'text-slate-900',
          )}
        >
          {value}
        </span>
        {detail ? <span className="hidden text-slate-500 text-xs sm:inline">{detail}</span> : null}
      </dd>
    </div>
  );
}
