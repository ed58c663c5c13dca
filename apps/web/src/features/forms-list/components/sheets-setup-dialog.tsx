import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter } from '@/components/ui/dialog';

export const SETUP_DIALOG_TITLE = 'Google Sheets Integration Setup';

export interface SheetsSetupDialogProps {
  mode: 'local' | 'google' | undefined;
  /** The service account that private sheets can be shared with, when one is known. */
  serviceAccountEmail: string | undefined;
  /** The page's origin, e.g. http://localhost:3000 (where local mode serves the emulator). */
  origin: string;
  onClose: () => void;
}

const STEPS = [
  {
    title: 'Create a Google Sheets spreadsheet',
    body: 'Start a new spreadsheet, or use one you already have. Its first row holds the column headers.',
  },
  {
    title: 'Share it as “Anyone with the link” with Editor rights',
    body: 'Open Share, set General access to “Anyone with the link” and choose Editor, so responses can be written to it.',
  },
  {
    title: 'Copy the spreadsheet URL',
    body: 'Copy the address from the browser bar; it looks like https://docs.google.com/spreadsheets/d/…/edit.',
  },
  {
    title: 'Enter the URL and the sheet name on the form',
    body: 'In the Google Sheets column choose Add Google Sheets (or Edit), paste the URL, type the sheet (tab) name and save.',
  },
] as const;

/** Spec 000 section 2: the four steps and the notes of the setup help. Render it only while open. */
export function SheetsSetupDialog({ mode, serviceAccountEmail, origin, onClose }: SheetsSetupDialogProps) {
  const emulatorUrl = `${origin}/__google/`;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={SETUP_DIALOG_TITLE}
        description="Connect a spreadsheet so that every response of a form is added to it as a new row."
        size="lg"
      >
        <DialogBody>
          <ol className="space-y-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800 text-sm"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-medium text-slate-900">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </p>
                  <p className="mt-0.5 text-slate-600 text-sm">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>

          {mode === 'local' ? (
            <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 text-sm">
              <p className="font-semibold">Local mode</p>
              <p className="mt-1">
                This installation uses the built-in Google emulator instead of Google. Its spreadsheets live
                at{' '}
                <a
                  href={emulatorUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all rounded bg-amber-100 px-1 font-medium font-mono text-[0.8125rem] hover:bg-amber-200 hover:text-amber-950 focus-visible:outline-2 focus-visible:outline-amber-600"
                >
                  {emulatorUrl}
                </a>
                ; create, share and copy them there.
              </p>
            </div>
          ) : null}

          {serviceAccountEmail ? (
            <div className="mt-5 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900 text-sm">
              <p className="font-semibold">Keep the spreadsheet private instead</p>
              <p className="mt-1">
                Share it with <span className="break-all font-mono font-medium">{serviceAccountEmail}</span>{' '}
                as Editor; SheetForms can then use it without link sharing.
              </p>
            </div>
          ) : null}

          <div className="mt-5 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
            <p className="font-semibold text-slate-900">Notes</p>
            <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700">
              <li>
                The spreadsheet must be public (anyone with the link can edit), or SheetForms cannot write to
                it.
              </li>
              <li>
                If the sheet (tab) does not exist yet, it is created automatically with the first response.
              </li>
              <li>
                The Sheet Status column shows whether the connection works; use Recheck after changing
                sharing.
              </li>
            </ul>
          </div>
        </DialogBody>
        <DialogFooter>
          <Button onClick={onClose}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
