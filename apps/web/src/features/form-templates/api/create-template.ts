import type { CreateTemplateBody, FormDetail, FormTemplate } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiClient } from '@/lib/api-client';
import { formDetailKey } from './form-detail-key';

/** POST /forms/{formId}/templates: the server sanitizes the HTML and turns templateEnabled on. */
export function createTemplate(formId: string, body: CreateTemplateBody): Promise<ApiResult<FormTemplate>> {
  return apiClient.post<FormTemplate>(`/forms/${encodeURIComponent(formId)}/templates`, body);
}

export function useCreateTemplate(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTemplateBody) => createTemplate(formId, body),
    onSuccess: ({ data }) => {
      if (data) {
        queryClient.setQueryData<FormDetail>(formDetailKey(formId), (detail) =>
          detail ? { ...detail, formTemplate: [...detail.formTemplate, data] } : detail,
        );
      }
      void queryClient.invalidateQueries({ queryKey: formDetailKey(formId) });
    },
  });
}
