import type {
  AddFormUserBody,
  DeleteFormUserBody,
  Form,
  FormDetail,
  FormUserWithPassword,
  ResetFormUserPasswordBody,
  SheetPreview,
  UpdateFormBody,
} from '@sheetforms/contract';
import { type ApiResult, apiClient } from '@/lib/api-client';

/** The calls of the form editor (their shapes: packages/contract/src/forms.ts). */
export async function getFormDetail(formId: string): Promise<FormDetail> {
  const { data } = await apiClient.get<FormDetail>(`/forms/${encodeURIComponent(formId)}`);
  return data;
}

export function updateForm(formId: string, body: UpdateFormBody): Promise<ApiResult<Form>> {
  return apiClient.put<Form>(`/forms/${encodeURIComponent(formId)}`, body);
}

/**
 * GET /sheets/preview: the form's sheet's header row (with the type each column suggests), so columns
 * no field uses yet can be added.
 */
export async function getSheetPreview(url: string, sheet: string): Promise<SheetPreview> {
  const { data } = await apiClient.get<SheetPreview>('/sheets/preview', { params: { url, sheet } });
  return data;
}

export function addFormUser(body: AddFormUserBody): Promise<ApiResult<FormUserWithPassword>> {
  return apiClient.post<FormUserWithPassword>('/forms/add-user', body);
}

export function deleteFormUser(body: DeleteFormUserBody): Promise<ApiResult<null>> {
  return apiClient.post<null>('/forms/delete-user', body);
}

export function resetFormUserPassword(
  body: ResetFormUserPasswordBody,
): Promise<ApiResult<FormUserWithPassword>> {
  return apiClient.post<FormUserWithPassword>('/forms/reset-user-password', body);
}
