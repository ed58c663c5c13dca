import type { Role } from '@sheetforms/contract';

export const ACCESS_DENIED_TEXT = "You don't have permission to access this page.";

export function requiredRolesText(roles: readonly Role[]): string {
  return `${roles.length === 1 ? 'Required role' : 'Required roles'}: ${roles.join(', ')}`;
}

export function AccessDenied({ roles }: { roles: readonly Role[] }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="mb-6 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
      </span>
      <h1 className="font-bold text-2xl text-slate-900">Access Denied</h1>
      <p className="mt-3 text-slate-600">{ACCESS_DENIED_TEXT}</p>
      <p className="mt-2 font-medium text-slate-800 text-sm">{requiredRolesText(roles)}</p>
    </section>
  );
}
