import type { ComponentProps } from 'react';
import { cn } from './cn';

/** The kit's text-control look (inputs, selects, text areas); `aria-invalid` turns it red. */
export const inputClasses =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm shadow-xs ' +
  'placeholder:text-slate-400 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/20 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20';

/** A text input in the kit's look; pair it with a `Label` (htmlFor) for its name. */
export function Input({ className, type = 'text', ...rest }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClasses, className)} {...rest} />;
}

/** A native <select> in the kit's look (native, so phones show their own picker). */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select className={cn(inputClasses, 'pr-8', className)} {...rest} />;
}
