import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TEMPLATES_TEXT } from '../logic/messages';
import { validateNewTemplate } from '../logic/template-source';

export interface AddTemplateFormProps {
  isAdding: boolean;
  /** Imports the document and stores the template; resolves true when it was added. */
  onAdd: (name: string, url: string) => Promise<boolean>;
}

/** Template name and Google Docs URL, checked as spec 001 section 5 says, then imported and stored. */
export function AddTemplateForm({ isAdding, onAdd }: AddTemplateFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const problem = validateNewTemplate(name, url);
    setError(problem);
    if (problem) {
      const focusName = name.trim() === '';
      document.getElementById(focusName ? `${id}-name` : `${id}-url`)?.focus();
      return;
    }
    if (await onAdd(name, url)) {
      setName('');
      setUrl('');
    }
  };

  const nameInvalid = error !== null && name.trim() === '';
  const urlInvalid = error !== null && !nameInvalid;
  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="space-y-3 rounded-xl border border-slate-200 border-dashed p-3 sm:p-4"
    >
      <h4 id={`${id}-heading`} className="font-medium text-slate-900 text-sm">
        {TEMPLATES_TEXT.addHeading}
      </h4>
      <div>
        <Label htmlFor={`${id}-name`}>{TEMPLATES_TEXT.nameLabel}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
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
          placeholder="https://docs.google.com/document/d/…"
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={urlInvalid || undefined}
          aria-describedby={urlInvalid ? `${id}-error ${id}-hint` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="mt-1.5 text-slate-500 text-xs">
          {TEMPLATES_TEXT.urlHint}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-red-600 text-sm">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" isLoading={isAdding} className="w-full sm:w-auto">
        {isAdding ? TEMPLATES_TEXT.adding : TEMPLATES_TEXT.addButton}
      </Button>
    </form>
  );
}
