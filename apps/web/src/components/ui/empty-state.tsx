import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}

/** A panel that says honestly that there is nothing to show yet. */
export function EmptyState({ icon, title, description, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600"
      >
        {icon}
      </span>
      <p className="mt-5 font-semibold text-lg text-slate-900">{title}</p>
      <p className="mt-2 max-w-md text-slate-600 text-sm">{description}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}
