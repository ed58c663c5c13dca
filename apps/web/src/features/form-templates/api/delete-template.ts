import type { FormDetail } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiClient } from '@/lib/api-client';
import { formDetailKey } from './form-detail-key';

/** DELETE /forms/{formId}/templates/{templateId}: templateEnabled stays on only if others remain. */
export function deleteTemplate(formId: string, templateId: string): Promise<ApiResult<unknown>> {
  return apiClient.delete<unknown>(
    `/forms/${encodeURIComponent(formId)}/templates/${encodeURIComponent(templateId)}`,
  );
}

export function useDeleteTemplate(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => deleteTemplate(formId, templateId),
    onSuccess: (_result, templateId) => {
      queryClient.setQueryData<FormDetail>(formDetailKey(formId), (detail) =>
        detail
          ? { ...detail, formTemplate: detail.formTemplate.filter((template) => template.id !== templateId) }
          : detail,
      );
      void queryClient.invalidateQueries({ queryKey: formDetailKey(formId) });
    },
  });
}
