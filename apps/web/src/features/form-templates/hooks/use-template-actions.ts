import { type FormTemplate, TEMPLATE_MESSAGES } from '@sheetforms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useCreateTemplate } from '../api/create-template';
import { useDeleteTemplate } from '../api/delete-template';
import { formDetailKey } from '../api/form-detail-key';
import { useUpdateTemplate } from '../api/update-template';
import { errorMessage, isTemplateMissingOnServer, templateErrorText } from '../logic/error-text';
import { imagesSkippedText } from '../logic/messages';
import type { ImportedTemplate } from './use-template-import';

export type TemplateBusy = { kind: 'adding' } | { kind: 'saving' | 'deleting'; templateId: string } | null;

/**
 * Add, edit and delete with the spec's messages (section 8). Add and edit import the document first, so
 * the stored HTML is always the document as it is now; each resolves true when it succeeded.
 */
export function useTemplateActions(
  formId: string,
  importTemplate: (url: string) => Promise<ImportedTemplate>,
) {
  const create = useCreateTemplate(formId);
  const update = useUpdateTemplate(formId);
  const remove = useDeleteTemplate(formId);
  const [busy, setBusy] = useState<TemplateBusy>(null);
  const queryClient = useQueryClient();

  /** An edit or delete of a template the server no longer has says so, and refreshes the list. */
  const toastChangeFailed = (error: unknown, prefix: string) => {
    if (isTemplateMissingOnServer(error)) {
      toast.error(TEMPLATE_MESSAGES.notInApi);
      void queryClient.invalidateQueries({ queryKey: formDetailKey(formId) });
      return;
    }
    toast.error(templateErrorText(error, prefix));
  };

  const importOrToast = async (url: string): Promise<ImportedTemplate | null> => {
    try {
      const imported = await importTemplate(url);
      if (imported.skippedImages > 0) toast.warning(imagesSkippedText(imported.skippedImages));
      return imported;
    } catch (error) {
      toast.error(errorMessage(error));
      return null;
    }
  };

  const addTemplate = async (name: string, url: string): Promise<boolean> => {
    setBusy({ kind: 'adding' });
    try {
      const imported = await importOrToast(url);
      if (!imported) return false;
      const { data, message } = await create.mutateAsync({
        name: name.trim(),
        googleDocsUrl: url.trim(),
        content: imported.html,
      });
      if (data) toast.success(message ?? TEMPLATE_MESSAGES.added);
      else toast.warning(TEMPLATE_MESSAGES.addedWithoutDetails);
      return true;
    } catch (error) {
      toast.error(templateErrorText(error, TEMPLATE_MESSAGES.addFailedPrefix));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const editTemplate = async (template: FormTemplate, name: string, url: string): Promise<boolean> => {
    setBusy({ kind: 'saving', templateId: template.id });
    try {
      const imported = await importOrToast(url);
      if (!imported) return false;
      const { message } = await update.mutateAsync({
        templateId: template.id,
        body: { name: name.trim(), googleDocsUrl: url.trim(), content: imported.html },
      });
      toast.success(message ?? TEMPLATE_MESSAGES.updated);
      return true;
    } catch (error) {
      toastChangeFailed(error, TEMPLATE_MESSAGES.updateFailedPrefix);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const deleteTemplate = async (template: FormTemplate): Promise<boolean> => {
    setBusy({ kind: 'deleting', templateId: template.id });
    try {
      const { message } = await remove.mutateAsync(template.id);
      toast.success(message ?? TEMPLATE_MESSAGES.deleted);
      return true;
    } catch (error) {
      toastChangeFailed(error, TEMPLATE_MESSAGES.deleteFailedPrefix);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { busy, addTemplate, editTemplate, deleteTemplate };
}
