import type { Form, FormListItem } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type SheetSettings, trimSheetSettings } from '../logic/sheet-settings';
import { formsListKeys } from './query-keys';

export interface UpdateFormSheetInput extends SheetSettings {
  formId: string;
}

/** PUT /forms/{formId} with {googleSheetsUrl, sheetName}, trimmed (spec 000 sections 4 and 7). */
export async function updateFormSheet({ formId, ...settings }: UpdateFormSheetInput) {
  return apiClient.put<Form>(`/forms/${encodeURIComponent(formId)}`, trimSheetSettings(settings));
}

export function useUpdateFormSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFormSheet,
    onSuccess: (_result, { formId, ...settings }) => {
      const saved = trimSheetSettings(settings);
      queryClient.setQueryData<FormListItem[]>(formsListKeys.list, (forms) =>
        forms?.map((form) => (form.formId === formId ? { ...form, ...saved } : form)),
      );
    },
  });
}
