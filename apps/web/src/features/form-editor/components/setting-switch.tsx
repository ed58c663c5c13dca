import { type ReactNode, useId } from 'react';

export interface SettingSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}

/** A real switch (button role=switch): its name is the label, its description the text under it. */
export function SettingSwitch({ label, description, checked, onChange, children }: SettingSwitchProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={labelId} className="font-medium text-slate-900 text-sm">
            {label}
          </p>
          <p id={descriptionId} className="mt-0.5 text-slate-500 text-sm">
            {description}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          onClick={() => onChange(!checked)}
          className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 ${
            checked ? 'bg-emerald-600' : 'bg-slate-300'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
              checked ? 'translate-x-5.5' : 'translate-x-0.5'
            }`}
          />
        </button>
      </div>
      {children}
    </div>
  );
}
