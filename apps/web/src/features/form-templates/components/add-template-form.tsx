import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TEMPLATES_TEXT } from '../logic/messages';
import { validateNewTemplate } from '../logic/template-source';
import { TemplateSourceFields } from './template-source-fields';

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
      <TemplateSourceFields
        id={id}
        name={name}
        url={url}
        onNameChange={setName}
        onUrlChange={setUrl}
        error={error}
        withHint
      />
      <Button type="submit" size="sm" isLoading={isAdding} className="w-full sm:w-auto">
        {isAdding ? TEMPLATES_TEXT.adding : TEMPLATES_TEXT.addButton}
      </Button>
    </form>
  );
}
