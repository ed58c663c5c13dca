import type { FormListItem } from '@sheetforms/contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formsListKeys } from './query-keys';

/** DELETE /forms/{formId}: removes the form with its users and responses. */
export async function deleteForm(formId: string) {
  return apiClient.delete<null>(`/forms/${encodeURIComponent(formId)}`);
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: formsListKeys.deleteForm,
    mutationFn: deleteForm,
    onSuccess: (_result, formId) => {
      queryClient.setQueryData<FormListItem[]>(formsListKeys.list, (forms) =>
        forms?.filter((form) => form.formId !== formId),
      );
      void queryClient.invalidateQueries({ queryKey: formsListKeys.dashboardStats });
    },
  });
}

/** The ids of the forms whose deletion is under way (each row deletes on its own). */
export function useFormsBeingDeleted(): string[] {
  return useMutationState({
    filters: { mutationKey: formsListKeys.deleteForm, status: 'pending' },
    select: (mutation) => String(mutation.state.variables),
  });
}
