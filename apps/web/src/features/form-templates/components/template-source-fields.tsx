import type { RefObject } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TEMPLATES_TEXT } from '../logic/messages';

export interface TemplateSourceFieldsProps {
  /** Prefix of the inputs' ids (`{id}-name`, `{id}-url`, `{id}-error`, `{id}-hint`). */
  id: string;
  name: string;
  url: string;
  onNameChange: (name: string) => void;
  onUrlChange: (url: string) => void;
  /** The check's message, shown under the fields; it marks the name (when empty) or else the URL. */
  error: string | null;
  nameRef?: RefObject<HTMLInputElement | null>;
  /** Shows the example URL and the hint under the URL field (the add form; the edit dialog has a value). */
  withHint?: boolean;
}

/** A template's name and Google Docs URL with their labels and the error, as the add form and the edit dialog ask. */
export function TemplateSourceFields({
  id,
  name,
  url,
  onNameChange,
  onUrlChange,
  error,
  nameRef,
  withHint = false,
}: TemplateSourceFieldsProps) {
  const nameInvalid = error !== null && name.trim() === '';
  const urlInvalid = error !== null && !nameInvalid;
  const urlDescribedBy = [urlInvalid ? `${id}-error` : '', withHint ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <div>
        <Label htmlFor={`${id}-name`}>{TEMPLATES_TEXT.nameLabel}</Label>
        <Input
          ref={nameRef}
          id={`${id}-name`}
          value={name}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => onNameChange(event.target.value)}
          aria-invalid={nameInvalid || undefined}
          aria-describedby={nameInvalid ? `${id}-error` : undefined}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-url`}>{TEMPLATES_TEXT.urlLabel}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          value={url}
          autoComplete="off"
          placeholder={withHint ? 'https://docs.google.com/document/d/…' : undefined}
          onChange={(event) => onUrlChange(event.target.value)}
          aria-invalid={urlInvalid || undefined}
          aria-describedby={urlDescribedBy || undefined}
        />
        {withHint ? (
          <p id={`${id}-hint`} className="mt-1.5 text-slate-500 text-xs">
            {TEMPLATES_TEXT.urlHint}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </>
  );
}
