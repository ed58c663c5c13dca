import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { CheckIcon } from './icons';

/**
 * The root of a menu of actions (Radix DropdownMenu): arrow keys move between items, typing jumps to an
 * item, Escape closes and returns focus to the trigger.
 */
export const DropdownMenu = MenuPrimitive.Root;

/** The button that opens the menu; use `asChild` with the kit's Button and give it an accessible name. */
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

/** Groups related items (for screen readers as well as visually). */
export const DropdownMenuGroup = MenuPrimitive.Group;

/** The floating list of items, rendered in a portal; aligned to the trigger's end by default. */
export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 6,
  ...rest
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-44 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 text-slate-800 text-sm shadow-lg',
          'max-h-(--radix-dropdown-menu-content-available-height) origin-(--radix-dropdown-menu-content-transform-origin)',
          'transition duration-100 starting:scale-95 starting:opacity-0 motion-reduce:transition-none',
          className,
        )}
        {...rest}
      />
    </MenuPrimitive.Portal>
  );
}

const itemClasses =
  'relative flex cursor-default select-none items-center gap-2 rounded-lg px-2.5 py-2 outline-none data-disabled:pointer-events-none data-disabled:opacity-50';

export interface DropdownMenuItemProps extends ComponentProps<typeof MenuPrimitive.Item> {
  /** `danger` for destructive actions (Delete). */
  variant?: 'default' | 'danger';
  /** A decorative icon before the text, e.g. `<TrashIcon className="size-4" />`. */
  icon?: ReactNode;
}

/** One action; `onSelect` runs it (keyboard or pointer). `asChild` with a Link for navigation items. */
export function DropdownMenuItem({
  className,
  variant = 'default',
  icon,
  children,
  asChild,
  ...rest
}: DropdownMenuItemProps) {
  const classes = cn(
    itemClasses,
    variant === 'danger'
      ? 'text-red-700 data-highlighted:bg-red-50 data-highlighted:text-red-800'
      : 'data-highlighted:bg-slate-100 data-highlighted:text-slate-900',
    className,
  );
  // With asChild the child (a Link) must be the only child, so the icon cannot be added here.
  if (asChild) {
    return (
      <MenuPrimitive.Item asChild className={classes} {...rest}>
        {children}
      </MenuPrimitive.Item>
    );
  }
  return (
    <MenuPrimitive.Item className={classes} {...rest}>
      {icon ? <span className="flex shrink-0 text-current opacity-80">{icon}</span> : null}
      {children}
    </MenuPrimitive.Item>
  );
}

/** An item that toggles (role menuitemcheckbox), with a check mark while on. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  ...rest
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem
      className={cn(itemClasses, 'pl-8 data-highlighted:bg-slate-100', className)}
      {...rest}
    >
      <span className="absolute left-2.5 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <CheckIcon className="size-4 text-emerald-600" />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
}

/** A non-interactive heading inside the menu. */
export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cn('px-2.5 py-1.5 font-semibold text-slate-500 text-xs uppercase tracking-wide', className)}
      {...rest}
    />
  );
}

/** A line between groups of items. */
export function DropdownMenuSeparator({
  className,
  ...rest
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1 my-1 h-px bg-slate-200', className)} {...rest} />;
}
