import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { CloseIcon } from './icons';

/** The header of a dialog or drawer: its title (the accessible name), an optional description, the × button. */
export function PanelHeader({
  title,
  description,
  closeLabel,
  className,
  titleClassName,
}: {
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  className?: string;
  titleClassName?: string;
}) {
  return (
    <div
      className={cn(
        'flex shrink-0 items-start justify-between gap-4 border-slate-200 border-b px-5 py-4',
        className,
      )}
    >
      <div className="min-w-0">
        <DialogPrimitive.Title className={cn('font-semibold text-lg text-slate-900', titleClassName)}>
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-slate-600 text-sm">
            {description}
          </DialogPrimitive.Description>
        ) : null}
      </div>
      <DialogPrimitive.Close className="-mr-2 shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2">
        <CloseIcon className="size-5" />
        <span className="sr-only">{closeLabel}</span>
      </DialogPrimitive.Close>
    </div>
  );
}
