import { type ButtonSize, buttonClasses } from '@/components/ui/button';

/**
 * The marketing pages' main action: the kit's primary button one shade darker, so white text on it
 * passes WCAG AA contrast (4.5:1) at every size.
 */
export const PRIMARY_DARK = 'bg-emerald-700! hover:bg-emerald-800!';

export function primaryLinkClasses(size: ButtonSize = 'md', extra = ''): string {
  return buttonClasses('primary', size, `${PRIMARY_DARK} ${extra}`.trim());
}

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
