import { FORM_LIMITS, type FormDetail, type FormUser } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon, CheckIcon, ExternalLinkIcon, RestoreIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import { DocumentTemplatesSection } from '@/features/form-templates/components/document-templates-section';
import { updateForm } from '../api/form-editor-api';
import {
  blankLabelIndexes,
  type EditorField,
  labelProblems,
  markRemoved,
  restoreField,
  toEditorFields,
  updateField,
  visibleFields,
} from '../logic/editor-fields';
import { serverMessageOr } from '../logic/error-text';
import { EDITOR_TEXT, FORMS_DASHBOARD_PATH, REDIRECT_AFTER_UPDATE_MS } from '../logic/messages';
import { buildUpdateBody, type EditorSettings, STATUS_OPTIONS, toEditorSettings } from '../logic/settings';
import { AuthorizedUsers } from './authorized-users';
import { FieldEditor, UNTITLED_FIELD } from './field-editor';
import { SettingSwitch } from './setting-switch';
import { SignatureSizeInputs } from './signature-size-inputs';
import { useGoBack } from './use-go-back';

export interface FormEditorProps {
  detail: FormDetail;
}

const card = 'rounded-2xl border border-slate-200 bg-white shadow-sm';

/** The editing state of /dashboard/form-update (spec 001 sections 2 and 4). */
export function FormEditor({ detail }: FormEditorProps) {
  const { form } = detail;
  const id = useId();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const nameRef = useRef<HTMLInputElement>(null);

  const [name, setName] = useState(form.name);
  const [description, setDescription] = useState(form.description);
  const [status, setStatus] = useState(form.status || 'Active');
  const [fields, setFields] = useState<EditorField[]>(() => toEditorFields(form.jdata));
  const [settings, setSettings] = useState<EditorSettings>(() => toEditorSettings(form.settings));
  const [users, setUsers] = useState<FormUser[]>(detail.formUsers);
  const [showErrors, setShowErrors] = useState(false);
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: () =>
      updateForm(
        form.formId,
        buildUpdateBody({ name, description, status, fields, settings }, form.settings),
      ),
    onSuccess: ({ message }) => {
      toast.success(message ?? EDITOR_TEXT.updated);
      void queryClient.invalidateQueries({ queryKey: ['forms'] });
      setSaved(true);
    },
    onError: (error) => {
      toast.error(serverMessageOr(error, EDITOR_TEXT.updateFailed));
    },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => void navigate(FORMS_DASHBOARD_PATH), REDIRECT_AFTER_UPDATE_MS);
    return () => window.clearTimeout(timer);
  }, [saved, navigate]);

  // Adding or deleting a template changes templateEnabled on the server (spec 001 section 4): follow the
  // server's flag when it changes, so saving the form afterwards does not write back a stale switch.
  const serverTemplateEnabled = form.settings.templateEnabled === 1;
  const lastServerTemplateEnabled = useRef(serverTemplateEnabled);
  useEffect(() => {
    if (lastServerTemplateEnabled.current === serverTemplateEnabled) return;
    lastServerTemplateEnabled.current = serverTemplateEnabled;
    setSettings((current) => ({ ...current, templateEnabled: serverTemplateEnabled }));
  }, [serverTemplateEnabled]);

  if (saved) return <UpdatedScreen />;

  const shown = visibleFields(fields);
  const removed = fields.filter((field) => field.isRemoved);
  const nameError = showErrors && name.trim() === '' ? EDITOR_TEXT.formNameRequired : null;
  const statusOptions: string[] = [...STATUS_OPTIONS];
  if (!statusOptions.includes(status)) statusOptions.push(status);

  const changeSettings = (change: Partial<EditorSettings>) =>
    setSettings((current) => ({ ...current, ...change }));

  // Two fields with one label would write into one sheet column (answers are keyed by label).
  const problems = labelProblems(fields);
  const [firstLabelProblem] = problems.values();

  const submit = () => {
    const blankLabels = blankLabelIndexes(fields);
    if (name.trim() === '' || blankLabels.length > 0 || firstLabelProblem) {
      setShowErrors(true);
      if (name.trim() === '') nameRef.current?.focus();
      // After the render that marks the invalid labels.
      else
        requestAnimationFrame(() =>
          document.querySelector<HTMLInputElement>('[data-field-label][aria-invalid="true"]')?.focus(),
        );
      if (name.trim() !== '' && blankLabels.length === 0 && firstLabelProblem) toast.error(firstLabelProblem);
      return;
    }
    save.mutate();
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6">
        <Button variant="ghost" size="sm" onClick={goBack} className="-ml-3">
          <ArrowLeftIcon className="size-4" />
          Back
        </Button>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="font-medium text-emerald-700 text-sm">Edit Form</p>
            <h1 className="mt-1 truncate font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
              {name.trim() || form.name}
            </h1>
            <p className="mt-1 text-slate-500 text-sm">
              Form ID <span className="font-mono text-slate-700">{form.formId}</span>
              {form.sheetName ? (
                <>
                  {' '}
                  · Sheet <span className="text-slate-700">{form.sheetName}</span>
                </>
              ) : null}
            </p>
          </div>
          <a
            href={form.openFormUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 font-semibold text-emerald-700 text-sm hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
          >
            View live form
            <ExternalLinkIcon className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </div>

      {/* min-w-0 and one minmax(0, 1fr) track on phones: a wide table scrolls inside its box instead
          of widening the grid (and the page) to its own width. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <section aria-labelledby={`${id}-details`} className={card}>
            <div className="border-slate-200 border-b px-5 py-4 sm:px-6">
              <h2 id={`${id}-details`} className="font-semibold text-base text-slate-900">
                Form details
              </h2>
              <p className="mt-0.5 text-slate-500 text-sm">What respondents see at the top of the form.</p>
            </div>
            <div className="space-y-4 px-5 py-5 sm:px-6">
              <div>
                <label htmlFor={`${id}-name`} className={labelClasses}>
                  Form Name
                </label>
                <input
                  ref={nameRef}
                  id={`${id}-name`}
                  type="text"
                  value={name}
                  maxLength={FORM_LIMITS.nameMax}
                  onChange={(event) => setName(event.target.value)}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${id}-name-error` : undefined}
                  className={inputClasses}
                />
                {nameError ? (
                  <p id={`${id}-name-error`} className="mt-1.5 text-red-600 text-sm">
                    {nameError}
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor={`${id}-description`} className={labelClasses}>
                  Description
                </label>
                <textarea
                  id={`${id}-description`}
                  rows={3}
                  value={description}
                  maxLength={FORM_LIMITS.descriptionMax}
                  onChange={(event) => setDescription(event.target.value)}
                  className={`${inputClasses} resize-y`}
                />
              </div>
            </div>
          </section>

          <section aria-labelledby={`${id}-fields`} className={card}>
            <div className="flex flex-wrap items-start justify-between gap-3 border-slate-200 border-b px-5 py-4 sm:px-6">
              <div>
                <h2 id={`${id}-fields`} className="font-semibold text-base text-slate-900">
                  Fields
                </h2>
                <p className="mt-0.5 text-slate-500 text-sm">
                  Answers are saved under each field's label in your sheet.
                </p>
              </div>
              <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 text-xs">
                {shown.length} {shown.length === 1 ? 'field' : 'fields'}
              </span>
            </div>
            <div className="space-y-4 px-5 py-5 sm:px-6">
              {showErrors && firstLabelProblem ? (
                <p
                  role="alert"
                  className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
                >
                  {firstLabelProblem}
                </p>
              ) : null}
              {shown.length === 0 ? (
                <p className="rounded-xl border border-slate-300 border-dashed px-4 py-8 text-center text-slate-500 text-sm">
                  Every field is removed. Restore one below so the form has something to fill in.
                </p>
              ) : null}
              {shown.map((field, index) => (
                <FieldEditor
                  key={field.originalIndex}
                  field={field}
                  position={index + 1}
                  showErrors={showErrors}
                  labelProblem={problems.get(field.originalIndex)}
                  onChange={(change) =>
                    setFields((current) => updateField(current, field.originalIndex, change))
                  }
                  onRemove={() =>
                    setFields((current) =>
                      markRemoved(current, field.originalIndex, form.jdata[field.originalIndex]?.label),
                    )
                  }
                />
              ))}
              {removed.length > 0 ? (
                <div className="rounded-xl bg-slate-50 px-4 py-3">
                  <p className="font-medium text-slate-700 text-sm">Removed fields</p>
                  <p className="mt-0.5 text-slate-500 text-xs">
                    Hidden from the form; answers already collected are kept.
                  </p>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {removed.map((field) => {
                      const title = field.label.trim() || UNTITLED_FIELD;
                      return (
                        <li key={field.originalIndex}>
                          <button
                            type="button"
                            aria-label={`Restore ${title}`}
                            onClick={() => setFields((current) => restoreField(current, field.originalIndex))}
                            className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700 text-sm hover:border-emerald-400 hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
                          >
                            <span className="line-through decoration-slate-400">{title}</span>
                            <RestoreIcon className="size-3.5" />
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ) : null}
            </div>
          </section>
        </div>

        <div className="min-w-0 space-y-6 lg:col-span-2">
          <section aria-labelledby={`${id}-settings`} className={card}>
            <div className="border-slate-200 border-b px-5 py-4 sm:px-6">
              <h2 id={`${id}-settings`} className="font-semibold text-base text-slate-900">
                Settings
              </h2>
              <p className="mt-0.5 text-slate-500 text-sm">Saved when you update the form.</p>
            </div>
            <div className="px-5 py-5 sm:px-6">
              <div className="pb-4">
                <label htmlFor={`${id}-status`} className={labelClasses}>
                  Status
                </label>
                <select
                  id={`${id}-status`}
                  value={status}
                  onChange={(event) => setStatus(event.target.value)}
                  className={inputClasses}
                >
                  {statusOptions.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
              <div className="divide-y divide-slate-100 border-slate-100 border-t pt-4">
                <SettingSwitch
                  label="Login Protection"
                  description="Only authorized users can open the form, with their email and password."
                  checked={settings.loginRequired}
                  onChange={(loginRequired) => changeSettings({ loginRequired })}
                />
                <SettingSwitch
                  label="Document Templates"
                  description="Fill Google Docs templates with each response and export them as PDF."
                  checked={settings.templateEnabled}
                  onChange={(templateEnabled) => changeSettings({ templateEnabled })}
                >
                  {settings.templateEnabled ? <DocumentTemplatesSection detail={detail} /> : null}
                </SettingSwitch>
                <SettingSwitch
                  label="Digital Signature"
                  description="Respondents draw a signature before submitting."
                  checked={settings.signatureEnabled}
                  onChange={(signatureEnabled) => changeSettings({ signatureEnabled })}
                >
                  {settings.signatureEnabled ? (
                    <SignatureSizeInputs
                      value={settings.signature}
                      onChange={(signature) => changeSettings({ signature })}
                    />
                  ) : null}
                </SettingSwitch>
                <SettingSwitch
                  label="GDPR"
                  description="Show a cookie-consent banner on the public form."
                  checked={settings.gdprEnabled}
                  onChange={(gdprEnabled) => changeSettings({ gdprEnabled })}
                />
              </div>
            </div>
          </section>
        </div>

        {settings.loginRequired ? (
          <div className="min-w-0 lg:col-span-5">
            <AuthorizedUsers formId={form.formId} users={users} onUsersChange={setUsers} />
          </div>
        ) : null}
      </div>

      <div className="sticky bottom-4 z-10 mt-8 flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur sm:px-5">
        <p className="hidden text-slate-500 text-sm sm:block">
          Users are added and removed right away; everything else is saved with Update Form.
        </p>
        <Button size="lg" onClick={submit} isLoading={save.isPending} className="ml-auto">
          {save.isPending ? EDITOR_TEXT.updating : EDITOR_TEXT.updateForm}
        </Button>
      </div>
    </div>
  );
}

/** Shown after a successful update, until the forms dashboard opens one second later. */
function UpdatedScreen() {
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <span
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600"
      >
        <CheckIcon className="size-8" />
      </span>
      <h1 className="mt-5 font-bold text-2xl text-slate-900">{EDITOR_TEXT.updatedScreen}</h1>
      <p className="mt-2 text-slate-600">Taking you back to your forms…</p>
    </div>
  );
}
