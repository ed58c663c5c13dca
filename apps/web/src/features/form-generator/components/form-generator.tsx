import {
  isValidSheetUrlForGenerator,
  SHEET_URL_MESSAGES,
  type SheetPreview,
  type SpreadsheetMetadata,
} from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { UnsavedChangesDialog } from '@/features/field-settings/components/unsaved-changes-dialog';
import { useUnsavedChangesGuard } from '@/features/field-settings/use-unsaved-changes-guard';
import { VerifyGoogleAccess } from '@/features/google-account/components/verify-google-access';
import { isNoOwnerAccess } from '@/features/google-account/logic/no-owner-access';
import { createForm, getSheetPreview, getSpreadsheetMetadata, serverMessage } from '../api/generator-api';
import {
  addCustomHeader,
  buildCreateFormBody,
  CREATE_MESSAGES,
  defaultFormName,
  EMPTY_FIELDS_STATE,
  type FieldsState,
  type FormConfig,
  fieldsStateFromHeaders,
  HEADER_MESSAGES,
  labelProblem,
  validateCreate,
} from '../logic/fields';
import { DataPreview } from './data-preview';
import { EmptySheetPanel } from './empty-sheet-panel';
import { FormConfigPanel } from './form-config-panel';
import { FormFieldsPanel } from './form-fields-panel';
import { SheetSourcePanel } from './sheet-source-panel';
import { LoadErrorPanel, WelcomePanel } from './welcome-panel';

export const LOAD_SHEETS_ERROR = 'Error loading sheets';
export const SHEETS_RELOADED = 'Sheets reloaded successfully!';

/** How one sheet's load went. A failed load marks the sheet empty with its error (spec 001 section 4). */
export type SheetLoad =
  | { status: 'loading' }
  | { status: 'ready'; preview: SheetPreview }
  | { status: 'empty'; error: string | null };

interface LoadedSpreadsheet {
  url: string;
  metadata: SpreadsheetMetadata;
}

/** The title of a spreadsheet's one sheet, or null when it has several (or none). */
function onlySheet(metadata: SpreadsheetMetadata): string | null {
  const [first, ...rest] = metadata.sheets;
  return first && rest.length === 0 ? first.title : null;
}

function loadOf(preview: SheetPreview): SheetLoad {
  return preview.empty || preview.headers.length === 0
    ? { status: 'empty', error: null }
    : { status: 'ready', preview };
}

/** The generator itself: sheet source, preview and fields on the left, configuration on the right. */
export function FormGenerator() {
  const navigate = useNavigate();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [spreadsheet, setSpreadsheet] = useState<LoadedSpreadsheet | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // The spreadsheet the owner was refused (NO_OWNER_ACCESS): Verify with Google is offered for it.
  const [refusedUrl, setRefusedUrl] = useState<string | null>(null);
  const [isLoadingSheets, setIsLoadingSheets] = useState(false);
  const [isReloading, setIsReloading] = useState(false);
  const [sheetName, setSheetName] = useState('');
  const [sheetLoads, setSheetLoads] = useState<Record<string, SheetLoad>>({});
  const [fieldsBySheet, setFieldsBySheet] = useState<Record<string, FieldsState>>({});
  const [config, setConfig] = useState<FormConfig>({ name: '', description: '', loginRequired: false });
  const nameEdited = useRef(false);
  // The owner has changed the fields (selected, renamed, typed, reordered, added) since the last load.
  const [fieldsEdited, setFieldsEdited] = useState(false);
  // A refused Create shows every field's settings problem, not only those of controls already used.
  const [showFieldErrors, setShowFieldErrors] = useState(false);
  // Each load of a spreadsheet gets a number, so answers that arrive after a newer load are dropped.
  const generation = useRef(0);

  const currentLoad = sheetName ? sheetLoads[sheetName] : undefined;
  const fieldsState = sheetName ? fieldsBySheet[sheetName] : undefined;

  const setFieldsState = (next: FieldsState) => {
    if (!sheetName) return;
    setFieldsBySheet((all) => ({ ...all, [sheetName]: next }));
    setFieldsEdited(true);
  };

  // Loading a sheet is no change of the owner's; what they did to its fields and the settings is.
  const dirty = fieldsEdited || nameEdited.current || config.description !== '' || config.loginRequired;
  const leaveGuard = useUnsavedChangesGuard(dirty);

  async function loadSheet(source: LoadedSpreadsheet, name: string, fresh: boolean) {
    const run = generation.current;
    setSheetLoads((all) => ({ ...all, [name]: { status: 'loading' } }));
    let load: SheetLoad;
    let headers: SheetPreview['headers'] = [];
    try {
      const preview = await getSheetPreview(source.url, name);
      load = loadOf(preview);
      headers = load.status === 'ready' ? preview.headers : [];
    } catch (error) {
      load = { status: 'empty', error: serverMessage(error, LOAD_SHEETS_ERROR) };
    }
    if (run !== generation.current) return;
    setSheetLoads((all) => ({ ...all, [name]: load }));
    setFieldsBySheet((all) =>
      all[name] && !fresh ? all : { ...all, [name]: fieldsStateFromHeaders(headers) },
    );
  }

  async function handleLoad() {
    const trimmed = url.trim();
    if (!isValidSheetUrlForGenerator(trimmed)) {
      setUrlError(SHEET_URL_MESSAGES.generatorInvalid);
      return;
    }
    setUrlError(null);
    setIsLoadingSheets(true);
    const run = ++generation.current;
    // A new load forgets the previous spreadsheet at once: if it fails, nothing of the old one is left
    // for Create to use (a form bound to the wrong spreadsheet).
    setSpreadsheet(null);
    setLoadError(null);
    setRefusedUrl(null);
    setSheetName('');
    setSheetLoads({});
    setFieldsBySheet({});
    setFieldsEdited(false);
    setShowFieldErrors(false);
    if (!nameEdited.current) setConfig((current) => ({ ...current, name: '' }));
    try {
      const metadata = await getSpreadsheetMetadata(trimmed);
      if (run !== generation.current) return;
      const source = { url: trimmed, metadata };
      setSpreadsheet(source);
      if (!nameEdited.current) setConfig((current) => ({ ...current, name: metadata.title }));
      // A spreadsheet of one sheet leaves nothing to choose: its preview loads at once.
      const only = onlySheet(metadata);
      if (only !== null) selectSheet(source, only, {});
    } catch (error) {
      if (run !== generation.current) return;
      const message = serverMessage(error, LOAD_SHEETS_ERROR);
      setLoadError(message);
      if (isNoOwnerAccess(error)) setRefusedUrl(trimmed);
      toast.error(message);
    } finally {
      if (run === generation.current) setIsLoadingSheets(false);
    }
  }

  async function handleReload() {
    if (!spreadsheet) return;
    setIsReloading(true);
    const run = ++generation.current;
    try {
      const metadata = await getSpreadsheetMetadata(spreadsheet.url);
      if (run !== generation.current) return;
      const source = { url: spreadsheet.url, metadata };
      setSpreadsheet(source);
      setSheetLoads({});
      setFieldsBySheet({});
      setFieldsEdited(false);
      const stillThere = metadata.sheets.some((sheet) => sheet.title === sheetName);
      const only = onlySheet(metadata);
      if (stillThere) await loadSheet(source, sheetName, true);
      else if (only !== null) selectSheet(source, only, {});
      else setSheetName('');
      if (run !== generation.current) return;
      toast.success(SHEETS_RELOADED);
    } catch (error) {
      if (run === generation.current) toast.error(serverMessage(error, LOAD_SHEETS_ERROR));
    } finally {
      if (run === generation.current) setIsReloading(false);
    }
  }

  /** Chooses a sheet of `source` and loads its preview unless it is loaded already (`loads`). */
  function selectSheet(source: LoadedSpreadsheet, name: string, loads: Record<string, SheetLoad>) {
    setSheetName(name);
    if (!name) return;
    if (!nameEdited.current) {
      setConfig((current) => ({ ...current, name: defaultFormName(source.metadata.title, name) }));
    }
    const known = loads[name];
    if (!known || known.status === 'empty') void loadSheet(source, name, false);
  }

  function handleSelectSheet(name: string) {
    if (!spreadsheet) {
      setSheetName(name);
      return;
    }
    selectSheet(spreadsheet, name, sheetLoads);
  }

  function handleAddHeader(name: string): boolean {
    const loaded = Boolean(sheetName) && currentLoad !== undefined && currentLoad.status !== 'loading';
    const result = addCustomHeader(fieldsState ?? (loaded ? EMPTY_FIELDS_STATE : undefined), name, loaded);
    if (!result.ok) {
      toast.error(result.error);
      return false;
    }
    setFieldsState(result.state);
    toast.success(HEADER_MESSAGES.added);
    return true;
  }

  const create = useMutation({
    mutationFn: createForm,
    onSuccess: (result) => {
      toast.success(result.message ?? CREATE_MESSAGES.created);
      // The form is saved: going to the dashboard is not leaving with unsaved changes.
      leaveGuard.allowLeaving();
      navigate('/dashboard/forms');
    },
    onError: (error) => {
      toast.error(serverMessage(error, CREATE_MESSAGES.failed));
    },
  });

  function handleCreate() {
    const problem = validateCreate(sheetName, fieldsState, config);
    if (problem || !spreadsheet || !fieldsState) {
      toast.error(problem ?? CREATE_MESSAGES.noSheet);
      setShowFieldErrors(true);
      return;
    }
    create.mutate(
      buildCreateFormBody({ googleSheetsUrl: spreadsheet.url, sheetName, config, state: fieldsState }),
    );
  }

  function handleConfigChange(next: FormConfig) {
    if (next.name !== config.name) nameEdited.current = true;
    setConfig(next);
  }

  const sheetReady = currentLoad?.status === 'ready' ? currentLoad.preview : null;
  const labels = labelProblem(fieldsState);

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="mb-6">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Create a form</h1>
        <p className="mt-1 text-slate-600 text-sm">
          Load a Google Sheet, choose its columns, and publish a form that writes new rows.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <SheetSourcePanel
            url={url}
            onUrlChange={(value) => {
              setUrl(value);
              if (urlError) setUrlError(null);
            }}
            urlError={urlError}
            onLoad={handleLoad}
            isLoading={isLoadingSheets}
            spreadsheet={spreadsheet?.metadata ?? null}
            sheetName={sheetName}
            onSelectSheet={handleSelectSheet}
            onReload={handleReload}
            isReloading={isReloading}
          />
          {!spreadsheet ? (
            loadError ? (
              <LoadErrorPanel
                message={loadError}
                action={
                  refusedUrl !== null && refusedUrl === url.trim() ? (
                    <VerifyGoogleAccess
                      spreadsheetUrl={refusedUrl}
                      onVerified={() => {
                        // The panel holding the focused button goes away with the load: keep focus
                        // on the address it loads (Load Data is disabled while it loads).
                        document.querySelector<HTMLElement>('[data-sheet-url]')?.focus();
                        void handleLoad();
                      }}
                    />
                  ) : undefined
                }
              />
            ) : (
              <WelcomePanel />
            )
          ) : (
            <>
              {currentLoad?.status === 'empty' ? (
                <EmptySheetPanel sheetName={sheetName} error={currentLoad.error} />
              ) : null}
              {sheetReady ? <DataPreview preview={sheetReady} /> : null}
              <FormFieldsPanel
                sheetName={sheetName}
                isLoading={currentLoad?.status === 'loading'}
                state={fieldsState}
                onChange={setFieldsState}
                onAddHeader={handleAddHeader}
                labelProblem={labels}
                showErrors={showFieldErrors}
              />
            </>
          )}
        </div>
        <div className="lg:sticky lg:top-20">
          <FormConfigPanel
            config={config}
            onChange={handleConfigChange}
            state={fieldsState ?? EMPTY_FIELDS_STATE}
            onCreate={handleCreate}
            isCreating={create.isPending}
            canCreate={spreadsheet !== null && !isLoadingSheets && !isReloading}
          />
        </div>
      </div>
      <UnsavedChangesDialog guard={leaveGuard} />
    </main>
  );
}
