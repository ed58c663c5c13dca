import {
  type FormSettings,
  FormSettingsInputSchema,
  FormSettingsSchema,
  normaliseSignatureSize,
} from '@sheetforms/contract';

/**
 * Settings as they are stored and answered: every key present (spec 001 section 3: missing settings
 * mean all flags 0, no templates, a 400x200 signature; notifyOwner too, for forms made before it) and the signature size within its limits
 * (out-of-range sizes fall back to 400 / 200, spec 001 section 5).
 */
export function normaliseSettings(input: Partial<FormSettings> | undefined): FormSettings {
  const size = normaliseSignatureSize(input?.signatureWidth, input?.signatureHeight);
  return FormSettingsSchema.parse({
    ...input,
    signatureWidth: size.width,
    signatureHeight: size.height,
    notifyOwner: input?.notifyOwner ?? 0,
  });
}

/**
 * Settings as they are stored: templates live in their own table (sanitized on write), so a template
 * list sent with the settings is never kept, and no HTML can reach the database this way.
 */
export function settingsForStorage(input: Partial<FormSettings> | undefined): FormSettings {
  return { ...normaliseSettings(input), templates: [] };
}

/**
 * Reads stored settings (JSON text) through the same contract schema the API accepts. Text that no
 * longer parses gives the defaults rather than breaking the form for its owner and respondents.
 */
export function settingsFromJson(text: string | null | undefined): FormSettings {
  if (!text) return normaliseSettings(undefined);
  const parsed = FormSettingsInputSchema.safeParse(text);
  return normaliseSettings(parsed.success ? parsed.data : undefined);
}
