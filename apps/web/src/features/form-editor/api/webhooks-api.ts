import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookDeliveryPage } from '@sheetforms/contract';
import { apiClient } from '@/lib/api-client';

/** A form's webhooks (issue 24, docs/webhooks.md): owner only. */
const base = (formId: string) => `/forms/${encodeURIComponent(formId)}/webhooks`;

export async function listWebhooks(formId: string): Promise<Webhook[]> {
  return (await apiClient.get<Webhook[]>(base(formId))).data;
}

export async function createWebhook(formId: string, url: string): Promise<CreatedWebhook> {
  return (await apiClient.post<CreatedWebhook>(base(formId), { url, events: ['response.created'] })).data;
}

export async function setWebhookEnabled(
  formId: string,
  webhookId: string,
  enabled: boolean,
): Promise<Webhook> {
  return (await apiClient.patch<Webhook>(`${base(formId)}/${encodeURIComponent(webhookId)}`, { enabled }))
    .data;
}

export async function deleteWebhook(formId: string, webhookId: string): Promise<void> {
  await apiClient.delete<null>(`${base(formId)}/${encodeURIComponent(webhookId)}`);
}

export async function listWebhookDeliveries(
  formId: string,
  webhookId: string,
  page: number,
): Promise<WebhookDeliveryPage> {
  const url = `${base(formId)}/${encodeURIComponent(webhookId)}/deliveries`;
  return (await apiClient.get<WebhookDeliveryPage>(url, { params: { page, limit: 10 } })).data;
}

export async function replayWebhookDelivery(
  formId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const url = `${base(formId)}/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`;
  return (await apiClient.post<WebhookDelivery>(url)).data;
}
