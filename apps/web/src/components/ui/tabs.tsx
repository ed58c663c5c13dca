import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * The root of a set of tabs (Radix Tabs): `value`/`onValueChange` or `defaultValue`. Arrow keys move
 * between tabs; each tab panel is labelled by its tab.
 */
export const Tabs = TabsPrimitive.Root;

/** The row of tabs (role="tablist"); give it an `aria-label`. It scrolls sideways when it does not fit. */
export function TabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'flex max-w-full gap-1 overflow-x-auto border-slate-200 border-b [scrollbar-width:thin]',
        className,
      )}
      {...rest}
    />
  );
}

/** One tab (role="tab"); its `value` names the `TabsContent` it shows. */
export function TabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-transparent border-b-2 px-3 py-2.5 font-medium text-slate-600 text-sm transition-colors',
        'hover:text-slate-900 focus-visible:rounded-t-md focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:-outline-offset-2',
        'data-[state=active]:border-emerald-600 data-[state=active]:text-emerald-700 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...rest}
    />
  );
}

/** The panel of one tab (role="tabpanel"); only the active one is rendered. */
export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('pt-5 focus-visible:outline-2 focus-visible:outline-emerald-600', className)}
      {...rest}
    />
  );
}
