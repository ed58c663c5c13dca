import type { Role } from '@sheetforms/contract';
import { LockIcon } from '@/components/ui/icons';

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
        <LockIcon className="size-7" />
      </span>
      <h1 className="font-bold text-2xl text-slate-900">Access Denied</h1>
      <p className="mt-3 text-slate-600">{ACCESS_DENIED_TEXT}</p>
      <p className="mt-2 font-medium text-slate-800 text-sm">{requiredRolesText(roles)}</p>
    </section>
  );
}
