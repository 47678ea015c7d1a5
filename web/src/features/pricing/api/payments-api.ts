import { createOrderResponseSchema, settlementSchema, type TestCardInput } from '@studio/contracts/payments';
import type { PlanCode } from '@studio/contracts/plans';
import { apiPaths } from '@studio/contracts/routes';
import { apiRequest } from '../../../lib/api-client';

export type CreatedOrder = Awaited<ReturnType<typeof createOrder>>;
export type Settlement = Awaited<ReturnType<typeof captureOrder>>;

/** Opens an order for a plan; the server prices it from the plan table (nothing about money is sent). */
export function createOrder(planCode: PlanCode, method: 'card' | 'paypal') {
  return apiRequest(apiPaths.createOrder, { method: 'POST', auth: true, body: { planCode, method }, schema: createOrderResponseSchema });
}

/** Captures an order: with the test provider the card travels along; with PayPal it never does. */
export function captureOrder(orderId: string, card?: TestCardInput) {
  return apiRequest(apiPaths.capture(orderId), { method: 'POST', auth: true, body: card ? { card } : {}, schema: settlementSchema });
}
