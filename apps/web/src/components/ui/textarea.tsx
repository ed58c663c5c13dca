import type { ComponentProps } from 'react';
import { cn } from './cn';
import { inputClasses } from './input';

/** A multi-line text control in the kit's look; pair it with a `Label`. */
export function Textarea({ className, rows = 3, ...rest }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(inputClasses, 'resize-y', className)} {...rest} />;
}
