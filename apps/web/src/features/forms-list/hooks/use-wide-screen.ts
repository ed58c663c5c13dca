import { useEffect, useState } from 'react';

/**
 * From this width (with the dashboard's sidebar beside it) the eight columns of Manage Forms fit without
 * scrolling sideways; below it each form is a card (issue 22).
 */
export const FORMS_TABLE_MIN_WIDTH = '(min-width: 80rem)';

function matches(query: string): boolean {
  // Without matchMedia (an old browser, a test without layout) the table is the spec's layout.
  return typeof window.matchMedia !== 'function' || window.matchMedia(query).matches;
}

/** Whether the window is at least `query` wide, following resizes and rotations. */
export function useWideScreen(query: string = FORMS_TABLE_MIN_WIDTH): boolean {
  const [wide, setWide] = useState(() => matches(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setWide(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return wide;
}
