import type { StoredAccount } from './session';

/** Handed to the pages, so that every sign-in button on a page shares the top bar's popup flow. */
export interface MarketingOutletContext {
  signIn: () => void;
  isSigningIn: boolean;
  /** Null on the server and until the stored session has been read after hydration. */
  account: StoredAccount | null;
}
