import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { GoogleMark } from '@/components/ui/google-mark';
import { getErrorMessage } from '@/lib/api-client';
import { useGoogleApisConfig } from '../api/get-google-apis-config';
import { verifySpreadsheetAccess } from '../api/verify-spreadsheet-access';
import { TokenRequestError, useGoogleTokenRequest } from '../hooks/use-google-token-request';
import { isNoOwnerAccess } from '../logic/no-owner-access';
import { VERIFY_MESSAGES } from '../logic/verify-messages';

export interface VerifyGoogleAccessProps {
  /** The spreadsheet the owner was refused. */
  spreadsheetUrl: string;
  /** Called once the server accepted the proof; the caller tries its own call again. */
  onVerified: () => void;
  /** Names the form or spreadsheet for screen readers when several of these are on one page. */
  context?: string;
  /** For a table cell: the short question, a smaller button. */
  compact?: boolean;
}

/**
 * Offered beside a NO_OWNER_ACCESS refusal: Google's window (the owner picks the account that edits the
 * spreadsheet), then one metadata read with that token, after which the server accepts this owner for
 * this spreadsheet without it. Nothing is shown when the server offers no Google sign-in for APIs.
 */
export function VerifyGoogleAccess({
  spreadsheetUrl,
  onVerified,
  context,
  compact = false,
}: VerifyGoogleAccessProps) {
  const config = useGoogleApisConfig();
  const google = useGoogleTokenRequest(config.data);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const problemId = useId();
  // Google's window stays open as long as the owner likes: by the time it answers, they may have
  // cancelled (this offer is gone) or typed another address. Then its answer must start nothing.
  const current = useRef({ mounted: true, spreadsheetUrl });
  current.current.spreadsheetUrl = spreadsheetUrl;
  useEffect(() => {
    current.current.mounted = true;
    return () => {
      current.current.mounted = false;
    };
  }, []);

  // No Google APIs on this server, or its configuration could not be read: nothing to offer.
  if (config.data === null || config.isError || google.status === 'unavailable') return null;

  async function verify() {
    const url = spreadsheetUrl;
    const stillWanted = () => current.current.mounted && current.current.spreadsheetUrl === url;
    setBusy(true);
    setProblem(null);
    try {
      const token = await google.requestToken();
      if (!stillWanted()) return;
      await verifySpreadsheetAccess(url, token);
      if (!stillWanted()) return;
      toast.success(VERIFY_MESSAGES.verified);
      onVerified();
    } catch (error) {
      if (!stillWanted()) return;
      // Closing Google's window is a change of mind, not a failure.
      if (error instanceof TokenRequestError && error.type === 'popup_closed') return;
      if (error instanceof Error && error.message === 'popup_closed') return;
      setProblem(
        isNoOwnerAccess(error)
          ? VERIFY_MESSAGES.stillRefused
          : `${VERIFY_MESSAGES.failedPrefix}${getErrorMessage(error, 'unknown error')}`,
      );
    } finally {
      if (current.current.mounted) setBusy(false);
    }
  }

  return (
    <div className={`flex flex-col items-start ${compact ? 'gap-1.5' : 'gap-2'}`}>
      <p id={hintId} className={`text-slate-600 leading-snug ${compact ? 'max-w-40 text-xs' : 'text-sm'}`}>
        {compact ? VERIFY_MESSAGES.shortHint : VERIFY_MESSAGES.hint}
      </p>
      <Button
        variant="secondary"
        size={compact ? 'xs' : 'sm'}
        className={compact ? 'whitespace-nowrap' : ''}
        onClick={verify}
        isLoading={busy}
        disabled={google.status !== 'ready'}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
      >
        {busy ? null : <GoogleMark className={compact ? 'size-3.5' : 'size-4'} />}
        {VERIFY_MESSAGES.button}
        {context ? <span className="sr-only"> for {context}</span> : null}
      </Button>
      {problem ? (
        <p id={problemId} role="alert" className={`text-red-700 ${compact ? 'max-w-40 text-xs' : 'text-sm'}`}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
