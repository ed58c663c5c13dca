import type { DeliveryDestination, DeliveryState } from '@sheetforms/contract';

/** A delivery of a listed response, as the deliveries table holds it (issue 24). */
export interface ResponseDeliveryRow {
  id: string;
  response_id: string;
  destination: DeliveryDestination;
  state: DeliveryState;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  /** The webhook's address; null for an e-mail. */
  url: string | null;
}

/** Each listed response's e-mail and webhook deliveries, read by the deliveries module. */
export interface ResponseDeliveries {
  forResponses(
    formRowId: string,
    responses: readonly { id: string; createdAt: string }[],
  ): Promise<ResponseDeliveryRow[]>;
}
