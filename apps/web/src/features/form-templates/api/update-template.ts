import type { FormDetail, FormTemplate, UpdateTemplateBody } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, apiClient } from '@/lib/api-client';
import { formDetailKey } from './form-detail-key';

/** PUT /forms/{formId}/templates/{templateId}: what is sent is changed. */
export function updateTemplate(
  formId: string,
  templateId: string,
  body: UpdateTemplateBody,
): Promise<ApiResult<FormTemplate | null>> {
  return apiClient.put<FormTemplate | null>(
    `/forms/${encodeURIComponent(formId)}/templates/${encodeURIComponent(templateId)}`,
    body,
  );
}

export function useUpdateTemplate(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId: string; body: UpdateTemplateBody }) =>
      updateTemplate(formId, templateId, body),
    onSuccess: ({ data }) => {
      if (data) {
        queryClient.setQueryData<FormDetail>(formDetailKey(formId), (detail) =>
          detail
            ? {
                ...detail,
                formTemplate: detail.formTemplate.map((template) =>
                  template.id === data.id ? data : template,
                ),
              }
            : detail,
        );
      }
      void queryClient.invalidateQueries({ queryKey: formDetailKey(formId) });
    },
  });
}
