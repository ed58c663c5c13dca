import { CHAT_LIMITS, CHAT_MESSAGES } from '@sheetforms/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { StartChatInput } from '../api/start-chat';
import { EMAIL_LABEL, NAME_LABEL } from '../logic/texts';

export interface WelcomeDialogProps {
  open: boolean;
  /** Escape, the × button (spec 001 section 2: back to the home page). */
  onDismiss: () => void;
  onStart: (input: StartChatInput) => Promise<boolean>;
  isStarting: boolean;
  /** The previous chat's name and email, when the visitor starts a new chat. */
  initial?: StartChatInput;
}

/** 'Welcome to Chat Support': a name (required) and an email (optional), then 'Start Chat'. */
export function WelcomeDialog({ open, onDismiss, onStart, isStarting, initial }: WelcomeDialogProps) {
  const [name, setName] = useState(initial?.userName ?? '');
  const [email, setEmail] = useState(initial?.userEmail ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const emailId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(CHAT_MESSAGES.nameRequired);
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    await onStart({ userName: name, userEmail: email });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
    >
      <DialogContent
        title={CHAT_MESSAGES.welcomeTitle}
        description="Tell us your name and our support team will answer you here."
        initialFocusRef={nameRef}
        // Only Escape and the × button leave; a stray click beside the dialog does not.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="flex min-h-0 flex-1 flex-col">
          <DialogBody className="space-y-4">
            <div>
              <Label htmlFor={nameId}>{NAME_LABEL}</Label>
              <Input
                ref={nameRef}
                id={nameId}
                name="userName"
                autoComplete="name"
                maxLength={CHAT_LIMITS.nameMax}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  if (nameError) setNameError(null);
                }}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? errorId : undefined}
                required
              />
              {nameError ? (
                <p id={errorId} role="alert" className="mt-1.5 text-red-600 text-sm">
                  {nameError}
                </p>
              ) : null}
            </div>
            <div>
              <Label htmlFor={emailId}>{EMAIL_LABEL}</Label>
              <Input
                id={emailId}
                name="userEmail"
                type="email"
                autoComplete="email"
                maxLength={CHAT_LIMITS.emailMax}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
          </DialogBody>
          <DialogFooter>
            <Button type="submit" isLoading={isStarting}>
              {CHAT_MESSAGES.startChat}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
