import { z } from 'zod';
import { findPlan, type PlanCode } from './plans';

export const PAYMENT_METHODS = ['paypal', 'card'] as const;
export const ORDER_STATUSES = ['created', 'approved', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** What a history row records: a first payment, a renewal (paid or failed), a refund, a cancellation. */
export const ORDER_KINDS = ['purchase', 'renewal', 'cancellation', 'refund'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** active: renews; cancelled: runs to its end; past_due: a renewal failed and is retried; ended / lapsed (failed renewals). */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'past_due', 'ended', 'lapsed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * planCode may be the full code (PRO_YEARLY) or the plan name (PRO) with chargeType; the
 * amount is never taken from the client.
 */
export const createOrderRequestSchema = z
  .object({
    planCode: z.string().min(1, 'validation.required').max(40),
    method: z.enum(PAYMENT_METHODS).catch('card').default('card'),
    chargeType: z.enum(['Monthly', 'Yearly']).optional(),
  })
  .transform((value, ctx) => {
    const upper = value.planCode.toUpperCase();
    const code = (upper.includes('_') ? upper : `${upper}_${(value.chargeType ?? 'Monthly').toUpperCase()}`) as PlanCode;
    const plan = findPlan(code);
    if (!plan || plan.chargeType === null) {
      ctx.addIssue({ code: 'custom', path: ['planCode'], message: 'validation.planUnknown' });
      return z.NEVER;
    }
    return { plan, method: value.method };
  });

/** The Luhn checksum every real card number satisfies: catches a mistyped digit before paying. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether an "MM/YY" expiry is still valid in the month of `now` (cards expire after their month). */
export function expiryInFuture(expiry: string, now: Date = new Date()): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  return Date.UTC(2000 + year, month, 1) > now.getTime();
}

/** Card details for the built-in test provider only (the real provider's fields never reach us). */
export const testCardSchema = z.object({
  number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'validation.cardNumber').refine(passesLuhn, 'validation.cardNumber')),
  expiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'validation.cardExpiry')
    .refine((value) => expiryInFuture(value), 'validation.cardExpired'),
  cvv: z.string().regex(/^\d{3,4}$/, 'validation.cardCvv'),
  name: z.string().trim().min(1, 'validation.required').max(100),
});
export type TestCardInput = z.input<typeof testCardSchema>;

export const captureRequestSchema = z.object({ card: testCardSchema.optional() }).default({});

export const chargeRecordQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  currentPage: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).catch(10).default(10),
});

export const rechargeRequestSchema = z.object({ orderId: z.string().min(1, 'validation.required').max(100) });

export const orderSchema = z.object({
  orderId: z.string(),
  kind: z.enum(ORDER_KINDS).catch('purchase'),
  planCode: z.string(),
  chargeType: z.enum(['Monthly', 'Yearly']),
  method: z.string(),
  creditsAdded: z.number(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const chargeRecordResponseSchema = z.object({
  records: z.array(orderSchema),
  total: z.number().int(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
});

export const createOrderResponseSchema = z.object({
  id: z.string(),
  providerOrderId: z.string(),
  mode: z.enum(['order', 'subscription']).catch('order'),
  amount: z.string(),
  currency: z.string(),
  credits: z.number().int(),
  planCode: z.string(),
});

export const settlementSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  creditsAdded: z.number().int(),
  credits: z.number().int(),
  membershipLevel: z.string(),
  membershipPeriodEnd: z.string().nullable(),
});

export interface OrderDto {
  orderId: string;
  kind: OrderKind;
  planCode: string;
  chargeType: 'Monthly' | 'Yearly';
  method: string;
  creditsAdded: number;
  amount: string;
  currency: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
}

/** The latest subscription of a user, for the profile (null when there never was one). */
export interface SubscriptionDto {
  planCode: string;
  level: string;
  chargeType: 'Monthly' | 'Yearly';
  status: SubscriptionStatus;
  /** The end of the paid period. */
  periodEnd: string;
  /** When the next period is charged; null when it will not renew. */
  renewsAt: string | null;
  /** When the plan ends without renewing (cancelled, or when the grace after failed renewals runs out). */
  endsAt: string | null;
  failedAttempts: number;
  /** When a failed renewal is tried again. */
  retryAt: string | null;
}

export const subscriptionSchema = z
  .object({
    planCode: z.string(),
    level: z.string(),
    chargeType: z.enum(['Monthly', 'Yearly']),
    status: z.enum(SUBSCRIPTION_STATUSES),
    periodEnd: z.string(),
    renewsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    failedAttempts: z.number().int(),
    retryAt: z.string().nullable(),
  })
  .nullable();

export interface CreateOrderResponse {
  id: string;
  /** A provider order id, or with PayPal Subscriptions the subscription id (I-…) the buyer approves. */
  providerOrderId: string;
  mode: 'order' | 'subscription';
  amount: string;
  currency: string;
  credits: number;
  planCode: string;
}

export interface SettlementDto {
  orderId: string;
  status: OrderStatus;
  creditsAdded: number;
  credits: number;
  membershipLevel: string;
  membershipPeriodEnd: string | null;
}

/** How the history shows a stored status (product-spec §4, settled by DESIGN §4). */
export function orderStatusLabelKey(status: string): 'paid' | 'failed' | 'pending' | 'cancelled' | 'refunded' | 'unpaid' {
  if (status === 'paid' || status === 'completed') return 'paid';
  if (status === 'failed') return 'failed';
  if (status === 'approved' || status === 'pending') return 'pending';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'refunded') return 'refunded';
  return 'unpaid';
}
