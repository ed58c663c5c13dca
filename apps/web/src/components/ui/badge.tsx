import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The colour of a badge, by meaning rather than by hue. */
export type BadgeVariant = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

const variants: Record<BadgeVariant, { badge: string; dot: string }> = {
  neutral: { badge: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-slate-400' },
  success: { badge: 'bg-emerald-50 text-emerald-700 ring-emerald-200', dot: 'bg-emerald-500' },
  warning: { badge: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  danger: { badge: 'bg-red-50 text-red-700 ring-red-200', dot: 'bg-red-500' },
  info: { badge: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
};

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
  /** A small coloured dot before the text (a status). */
  dot?: boolean;
}

/** A small rounded label for a status or a count; the text carries the meaning, the colour repeats it. */
export function Badge({ variant = 'neutral', dot = false, className, children, ...rest }: BadgeProps) {
  const style = variants[variant];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset',
        style.badge,
        className,
      )}
      {...rest}
    >
      {dot ? <span aria-hidden="true" className={cn('size-1.5 rounded-full', style.dot)} /> : null}
      {children}
    </span>
  );
}
