import {
  FORM_CHANGED_CODE,
  FORM_CHANGED_MESSAGE,
  type Form,
  type UpdateFormBody,
} from '@sheetforms/contract';
import { type ApiResult, isProblem } from '@/lib/api-client';
import { sameExceptTemplates } from '../logic/settings';
import { getFormDetail, updateForm } from './form-editor-api';

/**
 * A save refused because the form was saved elsewhere after the version this editor expected (409
 * FORM_CHANGED, decision 0041). `current` is the form as it was read right after the refusal: the save
 * the owner is told about, and the only one "Save my version" may replace.
 */
export class FormChangedError extends Error {
  constructor(readonly current: Form) {
    super(FORM_CHANGED_MESSAGE);
    this.name = 'FormChangedError';
  }
}

/**
 * The editor's save: PUT /forms/{formId} holding only if the form is still as the editor loaded it
 * (`expectedUpdatedAt`, decision 0041), so a save made meanwhile in another tab is not overwritten.
 *
 * One refusal is not a conflict: a template added or deleted in this editor a moment ago moves the form's
 * updatedAt on the server (it sets the templates switch), and the editor may save before it has reloaded
 * the form. So a 409 reads the form as it is now, and if it differs from the editor's start only in its
 * templates (which the editor follows and never saves), saves again over that; anything else changed
 * elsewhere is a FormChangedError carrying the form as it is now.
 */
export async function saveEditedForm(
  formId: string,
  body: UpdateFormBody,
  startedFrom: Form,
): Promise<ApiResult<Form>> {
  try {
    return await updateForm(formId, { ...body, expectedUpdatedAt: startedFrom.updatedAt });
  } catch (error) {
    if (!isFormChanged(error)) throw error;
    const { form: current } = await getFormDetail(formId);
    if (!sameExceptTemplates(startedFrom, current)) throw new FormChangedError(current);
    return saveOver(formId, body, current.updatedAt);
  }
}

/**
 * The owner's answer to a conflict, "Save my version": their whole draft replaces the save they were told
 * about (`seenUpdatedAt`, from the FormChangedError), and nothing newer. A save made elsewhere while they
 * were deciding is refused again, as a FormChangedError with that newer form, so they are asked again
 * rather than overwrite a save they never heard of.
 */
export async function saveOver(
  formId: string,
  body: UpdateFormBody,
  seenUpdatedAt: string,
): Promise<ApiResult<Form>> {
  try {
    return await updateForm(formId, { ...body, expectedUpdatedAt: seenUpdatedAt });
  } catch (error) {
    if (!isFormChanged(error)) throw error;
    const { form: current } = await getFormDetail(formId);
    throw new FormChangedError(current);
  }
}

/** The server's 409 FORM_CHANGED: the form was saved elsewhere after the version a save expected. */
function isFormChanged(error: unknown): boolean {
  return isProblem(error, 409, FORM_CHANGED_CODE);
}
