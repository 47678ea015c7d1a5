import { chargeRecordResponseSchema, subscriptionSchema } from '@studio/contracts/payments';
import { apiPaths } from '@studio/contracts/routes';
import type { Language } from '@studio/contracts/constants';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export const ORDER_PAGE_SIZE = 10;

export type OrderPage = Awaited<ReturnType<typeof fetchOrders>>;
export type OrderRecord = OrderPage['records'][number];

export function fetchOrders(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ORDER_PAGE_SIZE) });
  return apiRequest(`${apiPaths.chargeRecord}?${query.toString()}`, { auth: true, schema: chargeRecordResponseSchema, signal });
}

/** Stops renewal; the plan stays until its period ends (idempotent on the server). */
export function cancelSubscription(): Promise<unknown> {
  return apiRequest(apiPaths.cancelSubscription, { method: 'POST', auth: true });
}

/** The latest subscription (null when there never was one): renewal date, end date, failing renewals. */
export function fetchSubscription(signal?: AbortSignal) {
  return apiRequest(apiPaths.subscription, { auth: true, schema: subscriptionSchema, signal });
}

/** A paid order's invoice (PDF) in the page language, saved under the server's file name. */
export async function downloadInvoice(orderId: string, lang: Language): Promise<void> {
  const file = await apiDownload(apiPaths.invoice(orderId, lang), { auth: true, fallbackName: `invoice-${orderId}.pdf` });
  saveFile(file.blob, file.fileName);
}
