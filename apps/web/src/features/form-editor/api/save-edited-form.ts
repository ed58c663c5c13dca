import { FORM_CHANGED_CODE, type Form, type UpdateFormBody } from '@sheetforms/contract';
import axios from 'axios';
import type { ApiResult } from '@/lib/api-client';
import { sameExceptTemplates } from '../logic/settings';
import { getFormDetail, updateForm } from './form-editor-api';

/**
 * The editor's save: PUT /forms/{formId} holding only if the form is still as the editor loaded it
 * (`expectedUpdatedAt`, decision 0041), so a save made meanwhile in another tab is not overwritten.
 *
 * One refusal is not a conflict: a template added or deleted in this editor a moment ago moves the form's
 * updatedAt on the server (it sets the templates switch), and the editor may save before it has reloaded
 * the form. So a 409 reads the form as it is now, and if it differs from the editor's start only in its
 * templates (which the editor follows and never saves), saves again over that; anything else changed
 * elsewhere stays refused, with the server's message.
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
    if (!sameExceptTemplates(startedFrom, current)) throw error;
    return updateForm(formId, { ...body, expectedUpdatedAt: current.updatedAt });
  }
}

/**
 * The owner's answer to a conflict: their version replaces the one saved elsewhere. The form is read as it
 * is now and saved expecting that, so a third save in between is refused again rather than overwritten
 * unseen.
 */
export async function overwriteEditedForm(formId: string, body: UpdateFormBody): Promise<ApiResult<Form>> {
  const { form: current } = await getFormDetail(formId);
  return updateForm(formId, { ...body, expectedUpdatedAt: current.updatedAt });
}

/** The server's 409 FORM_CHANGED: the form was saved elsewhere after this editor loaded it. */
export function isFormChanged(error: unknown): boolean {
  if (!axios.isAxiosError(error) || error.response?.status !== 409) return false;
  const body: unknown = error.response.data;
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === FORM_CHANGED_CODE;
}
