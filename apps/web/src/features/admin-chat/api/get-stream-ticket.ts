import { apiClient } from '@/lib/api-client';

export interface StreamTicket {
  ticket: string;
  expiresAt: string;
}

/**
 * POST /chat/admin/stream-ticket: a one-minute ticket for the event stream. EventSource cannot send an
 * Authorization header, and the access token must never travel in a URL.
 */
export async function getStreamTicket(): Promise<StreamTicket> {
  const { data } = await apiClient.post<StreamTicket>('/chat/admin/stream-ticket');
  return data;
}
