import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// One wait for every file: the shared project (decision 0033) keeps Testing Library's settings from one
// file to the next, so a file that set its own would change the files after it. Five seconds, not the
// default one: a slow machine renders a page with its queries later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Server-render tests run without a browser (no storage).
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
