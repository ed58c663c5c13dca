import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  type FieldWarning,
  FORM_LIMITS,
  type FormDetail,
  type FormUser,
  newFieldId,
  type SheetHeader,
} from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon, CheckIcon, ExternalLinkIcon, RestoreIcon, WarningIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import { UnsavedChangesDialog } from '@/features/field-settings/components/unsaved-changes-dialog';
import { useUnsavedChangesGuard } from '@/features/field-settings/use-unsaved-changes-guard';
import { DocumentTemplatesSection } from '@/features/form-templates/components/document-templates-section';
import { rowCollision } from '@/lib/row-collision';
import { FormChangedError, saveEditedForm, saveOver } from '../api/save-edited-form';
import { addColumn, addQuestion } from '../logic/add-field';
import type { EditorField } from '../logic/editor-field';
import {
  blankLabelKeys,
  conditionSaveProblem,
  labelProblems,
  markRemoved,
  moveField,
  reorderFields,
  restoreField,
  settingsProblems,
  toEditorFields,
  updateField,
  visibleFields,
} from '../logic/editor-fields';
import { serverMessageOr } from '../logic/error-text';
import { conditionWarnings } from '../logic/field-conditions';
import {
  CONFLICT_TEXT,
  EDITOR_TEXT,
  FIELD_WARNINGS_TITLE,
  FORMS_DASHBOARD_PATH,
  REDIRECT_AFTER_UPDATE_MS,
  REORDER_TEXT,
} from '../logic/messages';
import {
  buildUpdateBody,
  type EditorDraft,
  type EditorSettings,
  hasUnsavedChanges,
  STATUS_OPTIONS,
  savedDigestTimeZone,
  toEditorSettings,
} from '../logic/settings';
import { AddFieldPanel } from './add-field-panel';
import { AuthorizedUsers } from './authorized-users';
import { FieldEditor, UNTITLED_FIELD } from './field-editor';
import { DigestChoice, ReceiptSettings } from './mail-settings';
import { PrefillLinkDialog } from './prefill-link-dialog';
import { SaveConflictDialog } from './save-conflict-dialog';
import { SettingSwitch } from './setting-switch';
import { SignatureSizeInputs } from './signature-size-inputs';
import { useGoBack } from './use-go-back';
import { WebhooksPanel } from './webhooks-panel';

export interface FormEditorProps {
  detail: FormDetail;
}

const card = 'rounded-2xl border border-slate-200 bg-white shadow-sm';

/** Spec 001 section 9: drag starts by touch after a 120 ms long press (as in the generator). */
const TOUCH_ACTIVATION = { delay: 120, tolerance: 5 } as const;

/** The form as loaded, in the editor's terms: what "unsaved changes" are measured against. */
function loadedDraft(form: FormDetail['form']): EditorDraft {
  return {
    name: form.name,
    description: form.description,
    status: form.status || 'Active',
    fields: toEditorFields(form.jdata),
    settings: toEditorSettings(form.settings),
  };
}

/** Focuses an element once React has rendered the change that shows it. */
function focusSoon(selector: string, fallback?: string) {
  requestAnimationFrame(() => {
    const target =
      document.querySelector<HTMLElement>(selector) ??
      (fallback ? document.querySelector<HTMLElement>(fallback) : null);
    target?.focus();
  });
}

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
  /** What the screen reader hears after a field moves or is added. */
  const [announcement, setAnnouncement] = useState('');
  const nextKey = useRef(0);
  const newKey = () => {
    nextKey.current += 1;
    return `new-${nextKey.current}`;
  };

  /** The load this editor's draft started from: its save holds only if the form is still so (saveEditedForm). */
  const [startedFrom] = useState(form);

  const loaded = useMemo(() => loadedDraft(form), [form]);
  const dirty =
    !saved && hasUnsavedChanges({ name, description, status, fields, settings }, loaded, form.settings);
  const guard = useUnsavedChangesGuard(dirty);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /**
   * A save refused because the form was saved elsewhere meanwhile: the owner chooses in a dialog. The
   * updatedAt of the save they were told about is the only one "Save my version" may replace.
   */
  const [conflict, setConflict] = useState<{ seenUpdatedAt: string; problem: string | null } | null>(null);
  const updateBody = () => buildUpdateBody({ name, description, status, fields, settings }, form.settings);
  const onSaved = ({ message }: { message?: string }) => {
    toast.success(message ?? EDITOR_TEXT.updated);
    void queryClient.invalidateQueries({ queryKey: ['forms'] });
    // Saved: the redirect to the dashboard must not ask about changes that are no longer unsaved.
    guard.allowLeaving();
    setConflict(null);
    setSaved(true);
  };
  const save = useMutation({
    mutationFn: () => saveEditedForm(form.formId, updateBody(), startedFrom),
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof FormChangedError)
        setConflict({ seenUpdatedAt: error.current.updatedAt, problem: null });
      else toast.error(serverMessageOr(error, EDITOR_TEXT.updateFailed));
    },
  });
  const overwrite = useMutation({
    mutationFn: (seenUpdatedAt: string) => saveOver(form.formId, updateBody(), seenUpdatedAt),
    onSuccess: onSaved,
    onError: (error) => {
      // Said inside the dialog: a toast outside a modal dialog is hidden from screen readers.
      if (error instanceof FormChangedError)
        setConflict({ seenUpdatedAt: error.current.updatedAt, problem: CONFLICT_TEXT.changedAgain });
      else
        setConflict((current) =>
          current ? { ...current, problem: serverMessageOr(error, EDITOR_TEXT.updateFailed) } : current,
        );
    },
  });
  const saveMine = () => {
    // One overwrite at a time: a second click before the button shows busy would send it twice.
    if (!conflict || overwrite.isPending) return;
    overwrite.mutate(conflict.seenUpdatedAt);
  };
  const loadLatest = () => {
    // The owner chose to drop this editor's changes: leaving must not ask about them.
    guard.allowLeaving();
    window.location.reload();
  };

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
  const [firstSettingsProblem] = settingsProblems(fields).values();
  const warnings = conditionWarnings(fields);

  const submit = () => {
    const blankLabels = blankLabelKeys(fields);
    const fieldProblem = firstLabelProblem ?? firstSettingsProblem ?? conditionSaveProblem(fields);
    if (name.trim() === '' || blankLabels.length > 0 || fieldProblem) {
      setShowErrors(true);
      if (name.trim() === '') nameRef.current?.focus();
      // After the render that marks the invalid labels and settings.
      else focusSoon('[data-field-key] [aria-invalid="true"]');
      if (name.trim() !== '' && blankLabels.length === 0 && fieldProblem) toast.error(fieldProblem);
      return;
    }
    save.mutate();
  };

  const titleOf = (key: UniqueIdentifier) =>
    shown.find((field) => field.key === key)?.label.trim() || UNTITLED_FIELD;
  const positionOf = (key: UniqueIdentifier) => shown.findIndex((field) => field.key === key) + 1;

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setFields((current) => reorderFields(current, String(active.id), String(over.id)));
  };

  const move = (field: EditorField, step: -1 | 1) => {
    const next = moveField(fields, field.key, step);
    setFields(next);
    const position = visibleFields(next).findIndex((other) => other.key === field.key) + 1;
    setAnnouncement(REORDER_TEXT.moved(field.label.trim() || UNTITLED_FIELD, position, shown.length));
    // The moved card's DOM node moves too, which can drop focus: keep it on the same button, or on
    // the other arrow once the field reaches the top or the bottom.
    const at = `[data-field-key="${field.key}"]`;
    const other = step === -1 ? 'down' : 'up';
    focusSoon(
      `${at} [data-move="${step === -1 ? 'up' : 'down'}"]:not(:disabled)`,
      `${at} [data-move="${other}"]`,
    );
  };

  const added = (newField: EditorField, fieldsWithNew: EditorField[]) => {
    // An id from the start, so a condition can refer to the field before it is saved (the server keeps it).
    const field = { ...newField, id: newFieldId() };
    const next = fieldsWithNew.map((other) => (other.key === field.key ? field : other));
    setFields(next);
    setAnnouncement(REORDER_TEXT.added(field.label, visibleFields(next).length));
    focusSoon(`[data-field-key="${field.key}"] [data-field-label]`);
  };
  const onAddColumn = (header: SheetHeader) => {
    const result = addColumn(fields, header, newKey());
    if (!result.ok) return result.error;
    added(result.field, result.fields);
    return null;
  };
  const onAddQuestion = (label: string, unused: readonly SheetHeader[]) => {
    const result = addQuestion(fields, label, newKey(), unused);
    if (!result.ok) return result.error;
    added(result.field, result.fields);
    return null;
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
          <div className="flex flex-wrap items-center gap-2">
            <PrefillLinkDialog formId={form.formId} savedFields={form.jdata} hasUnsavedChanges={dirty} />
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
              <FieldWarnings warnings={detail.fieldWarnings ?? []} />
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
              {shown.length > 1 ? <p className="text-slate-500 text-xs">{REORDER_TEXT.hint}</p> : null}
              <DndContext
                sensors={sensors}
                collisionDetection={rowCollision}
                onDragEnd={handleDragEnd}
                accessibility={{
                  announcements: {
                    onDragStart: ({ active }) =>
                      REORDER_TEXT.pickedUp(titleOf(active.id), positionOf(active.id)),
                    onDragOver: ({ active, over }) =>
                      over ? REORDER_TEXT.movedTo(titleOf(active.id), positionOf(over.id)) : undefined,
                    onDragEnd: ({ active, over }) =>
                      over
                        ? REORDER_TEXT.droppedAt(titleOf(active.id), positionOf(over.id))
                        : REORDER_TEXT.dropped(titleOf(active.id)),
                    onDragCancel: ({ active }) => REORDER_TEXT.cancelled(titleOf(active.id)),
                  },
                }}
              >
                <SortableContext
                  items={shown.map((field) => field.key)}
                  strategy={verticalListSortingStrategy}
                >
                  <div className="space-y-4">
                    {shown.map((field, index) => (
                      <FieldEditor
                        key={field.key}
                        field={field}
                        position={index + 1}
                        count={shown.length}
                        showErrors={showErrors}
                        labelProblem={problems.get(field.key)}
                        fields={fields}
                        conditionWarning={warnings.get(field.key)}
                        onChange={(change) => setFields((current) => updateField(current, field.key, change))}
                        onRemove={() => setFields((current) => markRemoved(current, field.key))}
                        onMove={(step) => move(field, step)}
                      />
                    ))}
                  </div>
                </SortableContext>
              </DndContext>
              <p role="status" data-testid="field-announcement" className="sr-only">
                {announcement}
              </p>
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
                        <li key={field.key}>
                          <button
                            type="button"
                            aria-label={`Restore ${title}`}
                            onClick={() => setFields((current) => restoreField(current, field.key))}
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
              <AddFieldPanel
                googleSheetsUrl={form.googleSheetsUrl}
                sheetName={form.sheetName}
                fields={fields}
                onAddColumn={onAddColumn}
                onAddQuestion={onAddQuestion}
              />
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
                <SettingSwitch
                  label="Email Notifications"
                  description="Email me each new response, with its answers."
                  checked={settings.notifyOwner}
                  onChange={(notifyOwner) => changeSettings({ notifyOwner })}
                >
                  {settings.notifyOwner ? (
                    <DigestChoice
                      value={settings.ownerDigest}
                      onChange={(ownerDigest) => changeSettings({ ownerDigest })}
                      savedTimeZone={savedDigestTimeZone(form.settings)}
                    />
                  ) : null}
                </SettingSwitch>
                <SettingSwitch
                  label="Respondent Receipt"
                  description="Email respondents a copy of their answers."
                  checked={settings.receipt.enabled}
                  onChange={(enabled) => changeSettings({ receipt: { ...settings.receipt, enabled } })}
                >
                  {settings.receipt.enabled ? (
                    <ReceiptSettings
                      value={settings.receipt}
                      fields={fields}
                      templates={detail.formTemplate}
                      onChange={(receipt) => changeSettings({ receipt })}
                    />
                  ) : null}
                </SettingSwitch>
              </div>
            </div>
          </section>
        </div>

        {settings.loginRequired ? (
          <div className="min-w-0 lg:col-span-5">
            <AuthorizedUsers formId={form.formId} users={users} onUsersChange={setUsers} />
          </div>
        ) : null}

        <div className="min-w-0 lg:col-span-5">
          <WebhooksPanel formId={form.formId} />
        </div>
      </div>

      <div className="sticky bottom-4 z-10 mt-8 flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur sm:px-5">
        <p className="hidden text-slate-500 text-sm sm:block">
          Users and webhooks are added and removed right away; everything else is saved with Update Form.
        </p>
        <Button size="lg" onClick={submit} isLoading={save.isPending} className="ml-auto">
          {save.isPending ? EDITOR_TEXT.updating : EDITOR_TEXT.updateForm}
        </Button>
      </div>
      <UnsavedChangesDialog guard={guard} />
      <SaveConflictDialog
        open={conflict !== null}
        problem={conflict?.problem ?? null}
        onKeepEditing={() => setConflict(null)}
        onLoadLatest={loadLatest}
        onSaveMine={saveMine}
        isSaving={overwrite.isPending}
      />
    </div>
  );
}

/** Fields whose options range could not be read just now: respondents see the last list read. */
function FieldWarnings({ warnings }: { warnings: readonly FieldWarning[] }) {
  const id = useId();
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-amber-900 text-sm"
    >
      <WarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div className="min-w-0">
        <h3 id={`${id}-title`} className="font-semibold">
          {FIELD_WARNINGS_TITLE}
        </h3>
        <ul className="mt-1 space-y-1">
          {warnings.map((warning) => (
            <li key={warning.fieldId} className="break-words">
              <span className="font-medium">{warning.label}</span>: {warning.message}
            </li>
          ))}
        </ul>
      </div>
    </section>
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
