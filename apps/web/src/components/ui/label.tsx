import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The kit's field-label look, for labels that are not a `Label` element (a legend, a <p>). */
export const labelClasses = 'mb-1.5 block font-medium text-slate-700 text-sm';

/** A form label; `htmlFor` names its control. */
export function Label({ className, ...rest }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor (or wrap the control)
  return <label className={cn(labelClasses, className)} {...rest} />;
}
