import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';
import { cn } from './cn';

const DELAY_MS = 300;

// Tells a Tooltip that an app-wide provider is above it, so it need not bring its own.
const ProviderPresent = createContext(false);

/**
 * Shares one delay across the app's tooltips: once one is open, moving to the next opens it at once.
 * Mounted once in AppProviders; a Tooltip rendered without it (a component test) brings its own.
 */
export function TooltipProvider({
  children,
  delayDuration = DELAY_MS,
  ...rest
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration} {...rest}>
      <ProviderPresent.Provider value={true}>{children}</ProviderPresent.Provider>
    </TooltipPrimitive.Provider>
  );
}

/**
 * The root of a tooltip (Radix Tooltip): a short hint shown on hover and on keyboard focus of its
 * trigger, and announced as the trigger's description. Never put the only name of a control in it.
 */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const root = <TooltipPrimitive.Root {...props} />;
  return useContext(ProviderPresent) ? root : <TooltipProvider>{root}</TooltipProvider>;
}

/** The element the tooltip describes; use `asChild` so your own button or link is the trigger. */
export const TooltipTrigger = TooltipPrimitive.Trigger;

/**
 * The floating hint (in a portal), above the trigger by default. No arrow: Radix measures an arrow with
 * ResizeObserver, which jsdom lacks, and the kit must work in component tests without set-up.
 */
export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...rest
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-white text-xs leading-snug shadow-md',
          'transition-opacity duration-100 starting:opacity-0 motion-reduce:transition-none',
          className,
        )}
        {...rest}
      >
        {children}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

export interface SimpleTooltipProps {
  /** The hint's text. */
  content: ReactNode;
  /** One focusable element (a button or link); it becomes the trigger. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** The common case in one element: `<SimpleTooltip content="…"><button>…</button></SimpleTooltip>`. */
export function SimpleTooltip({ content, children, side }: SimpleTooltipProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side}>{content}</TooltipContent>
    </Tooltip>
  );
}
