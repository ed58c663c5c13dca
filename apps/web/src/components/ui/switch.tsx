import { Switch as SwitchPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn';

/**
 * An on/off switch (Radix Switch: a button with role="switch" and aria-checked). Give it a name with
 * `aria-label`, `aria-labelledby` or a <label htmlFor>; `SwitchField` does that for you.
 */
export function Switch({ className, ...rest }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2',
        'data-[state=checked]:bg-emerald-600 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...rest}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5 motion-reduce:transition-none" />
    </SwitchPrimitive.Root>
  );
}

export interface SwitchFieldProps
  extends Omit<
    ComponentProps<typeof SwitchPrimitive.Root>,
    'children' | 'aria-labelledby' | 'aria-describedby'
  > {
  /** The visible label; it is the switch's accessible name and toggles it when clicked. */
  label: ReactNode;
  /** Text under the label; it becomes the switch's accessible description. */
  description?: ReactNode;
  /** Wraps the whole row; the switch sits on the right. */
  className?: string;
}

/** A labelled switch row: label (and description) on the left, the switch on the right. */
export function SwitchField({ label, description, className, id, ...rest }: SwitchFieldProps) {
  const ownId = useId();
  const switchId = id ?? ownId;
  const labelId = `${switchId}-label`;
  const descriptionId = `${switchId}-description`;
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="min-w-0">
        <label id={labelId} htmlFor={switchId} className="cursor-pointer font-medium text-slate-900 text-sm">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-slate-500 text-sm">
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={switchId}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        className="mt-0.5"
        {...rest}
      />
    </div>
  );
}
