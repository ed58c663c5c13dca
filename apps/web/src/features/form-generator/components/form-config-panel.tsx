import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type FieldsState, type FormConfig, selectedFields } from '../logic/fields';
import { PreviewField } from './preview-field';

export interface FormConfigPanelProps {
  config: FormConfig;
  onChange: (config: FormConfig) => void;
  state: FieldsState;
  onCreate: () => void;
  isCreating: boolean;
  /** False until a spreadsheet has loaded: Create then has nothing to bind the form to. */
  canCreate?: boolean;
}

type Tab = 'settings' | 'preview';
const TABS: { id: Tab; label: string }[] = [
  { id: 'settings', label: 'Form Settings' },
  { id: 'preview', label: 'Preview' },
];

const controlClasses =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30';

/** A text input whose value is committed on blur (spec 001 section 4: Form Name and Description). */
function useDraft(committed: string) {
  const [draft, setDraft] = useState(committed);
  const [base, setBase] = useState(committed);
  // A new committed value from outside (e.g. the name prefilled for a sheet) replaces the draft.
  if (base !== committed) {
    setBase(committed);
    setDraft(committed);
  }
  return [draft, setDraft] as const;
}

function SettingsTab({ config, onChange }: Pick<FormConfigPanelProps, 'config' | 'onChange'>) {
  const nameId = useId();
  const descriptionId = useId();
  const loginId = useId();
  const [name, setName] = useDraft(config.name);
  const [description, setDescription] = useDraft(config.description);

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={nameId} className="mb-1.5 block font-medium text-slate-700 text-sm">
          Form Name
        </label>
        <input
          id={nameId}
          type="text"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => name !== config.name && onChange({ ...config, name })}
          placeholder="e.g. Event registration"
          className={controlClasses}
        />
      </div>
      <div>
        <label htmlFor={descriptionId} className="mb-1.5 block font-medium text-slate-700 text-sm">
          Description
        </label>
        <textarea
          id={descriptionId}
          value={description}
          rows={3}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
          onBlur={() => description !== config.description && onChange({ ...config, description })}
          placeholder="Tell respondents what this form is for"
          className={`${controlClasses} resize-y`}
        />
      </div>
      <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3">
        <div>
          <label htmlFor={loginId} className="font-medium text-slate-900 text-sm">
            Login required
          </label>
          <p className="text-slate-500 text-xs">Only authorized users can open the form.</p>
        </div>
        <span className="relative inline-flex shrink-0 items-center">
          <input
            id={loginId}
            type="checkbox"
            checked={config.loginRequired}
            onChange={(event) => onChange({ ...config, loginRequired: event.target.checked })}
            className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </div>
    </div>
  );
}

/** Spec 001: the selected fields as the form will look. */
function PreviewTab({ config, state }: Pick<FormConfigPanelProps, 'config' | 'state'>) {
  const fields = selectedFields(state);
  const idPrefix = useId();
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <p className="font-bold text-lg text-slate-900">{config.name.trim() || 'Untitled form'}</p>
        {config.description.trim() ? (
          <p className="mt-1 whitespace-pre-line text-slate-600 text-sm">{config.description}</p>
        ) : null}
        {fields.length === 0 ? (
          <p className="mt-4 rounded-lg border border-slate-300 border-dashed px-3 py-6 text-center text-slate-500 text-sm">
            Select fields to see them here.
          </p>
        ) : (
          <form
            className="mt-4 space-y-3"
            onSubmit={(event) => event.preventDefault()}
            aria-label="Form preview"
          >
            {fields.map((field) => (
              <PreviewField key={field.id} field={field} id={`${idPrefix}-${field.id}`} />
            ))}
            <p className="text-slate-500 text-xs">* Required fields</p>
            <button
              type="submit"
              disabled
              className="w-full rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-sm text-white opacity-80"
            >
              Submit Form
            </button>
          </form>
        )}
      </div>
    </div>
  );
}

/** Spec 001: the Form Configuration panel with Form Settings and Preview tabs, and Create Form. */
export function FormConfigPanel({
  config,
  onChange,
  state,
  onCreate,
  isCreating,
  canCreate = true,
}: FormConfigPanelProps) {
  const [tab, setTab] = useState<Tab>('settings');
  const baseId = useId();
  const count = selectedFields(state).length;

  return (
    <section
      aria-labelledby={`${baseId}-title`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-slate-100 border-b px-5 py-4">
        <h2 id={`${baseId}-title`} className="font-semibold text-base text-slate-900">
          Form Configuration
        </h2>
        <p className="text-slate-500 text-xs">
          {count === 0
            ? 'No fields selected yet'
            : `${count} ${count === 1 ? 'field' : 'fields'} in this form`}
        </p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (value === 'settings' || value === 'preview') setTab(value);
        }}
        className="px-5"
      >
        <TabsList aria-label="Form configuration" className="pt-2">
          {TABS.map((item) => (
            <TabsTrigger key={item.id} value={item.id} className="flex-1 justify-center">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Both panels stay mounted: the settings' drafts are committed on blur, and a tab switch must
            never drop what was typed (spec 001 section 4). */}
        <TabsContent value="settings" forceMount className="pb-5 data-[state=inactive]:hidden">
          <SettingsTab config={config} onChange={onChange} />
        </TabsContent>
        <TabsContent value="preview" forceMount className="pb-5 data-[state=inactive]:hidden">
          <PreviewTab config={config} state={state} />
        </TabsContent>
      </Tabs>
      <div className="border-slate-100 border-t px-5 py-4">
        <Button
          size="lg"
          className="w-full"
          onClick={onCreate}
          isLoading={isCreating}
          disabled={!canCreate}
          aria-describedby={canCreate ? undefined : `${baseId}-create-hint`}
        >
          Create Form
        </Button>
        {canCreate ? null : (
          <p id={`${baseId}-create-hint`} className="mt-2 text-center text-slate-500 text-xs">
            Load a Google Sheet first.
          </p>
        )}
      </div>
    </section>
  );
}
