import { z } from 'zod';
import { daySchema } from './days';
import { idSchema } from './ids';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, placeOrderBodySchema } from './order';

/**
 * Sales agents (issue 17): the owner assigns customers to an agent and sets the agent's
 * commission rate; the agent orders for those customers and sees their own sales. A rate is kept
 * in basis points (1% = 100 bps, at most 100%); the API shows it as a percent with two decimals.
 */
export const MAX_COMMISSION_BPS = 10_000;
export const bpsToPercent = (bps: number): number => bps / 100;
export const percentToBps = (percent: number): number => Math.round(percent * 100);

/**
 * The commission on `salesPaise` at `bps`, in whole paise, rounded half up. Split so that the
 * product never leaves the integers a double holds exactly (sales × 10,000 would, past ₹90 crore).
 */
export function commissionPaise(salesPaise: number, bps: number): number {
  if (!Number.isSafeInteger(salesPaise) || salesPaise < 0) throw new RangeError('sales must be a whole, non-negative number of paise');
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_COMMISSION_BPS) throw new RangeError('rate must be 0 to 10,000 basis points');
  const whole = Math.floor(salesPaise / 10_000);
  const rest = salesPaise % 10_000;
  return whole * bps + Math.floor((rest * bps + 5_000) / 10_000);
}

/**
 * Orders that never went through or were voided: awaiting payment, failed, cancelled (the GST
 * report's invoices are the others). A sale, for the agents' figures and commission as for the
 * reports, is narrower: delivered, goods net of refunds, no delivery charge (the server's
 * `orders/sales.ts`).
 */
export const NOT_SALES = ['pending_payment', 'payment_failed', 'cancelled'] as const;

const day = daySchema;

/** A range of calendar days in India (both ends included), at most a year and a day. */
export const salesRangeQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must be on or before the end date', path: ['from'] })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'Choose a range of at most a year',
    path: ['to'],
  });
export type SalesRangeQuery = z.infer<typeof salesRangeQuerySchema>;

/**
 * Figures for a period: sales in rupees (orders delivered in it: goods net of refunds, no delivery
 * charge), orders, distinct customers, average, commission (on those sales).
 */
export const salesFiguresSchema = z.object({
  sales: z.number(),
  orders: z.number().int(),
  customers: z.number().int(),
  average: z.number(),
  commission: z.number(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const agentCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  orders: z.number().int(),
  total: z.number(),
  last_order_at: z.string().nullable(),
});
export type AgentCustomer = z.infer<typeof agentCustomerSchema>;

export const agentOrderSchema = z.object({
  id: z.string(),
  ordernumber: z.string(),
  customer: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_PROVIDERS),
  total: z.number(),
});
export type AgentOrder = z.infer<typeof agentOrderSchema>;

/** GET /s/api/agent/dashboard?from&to (sales agents only): the agent's own figures, never another's. */
export const agentDashboardSchema = z.object({
  agent: z.string(),
  website: z.string(),
  commission_rate: z.number(),
  from: z.string(),
  to: z.string(),
  today: salesFiguresSchema,
  month: salesFiguresSchema,
  range: salesFiguresSchema,
  by_day: z.array(z.object({ date: z.string(), sales: z.number(), orders: z.number().int() })),
  top_products: z.array(z.object({ name: z.string(), pack: z.string(), quantity: z.number().int(), sales: z.number() })),
  customers: z.array(agentCustomerSchema),
  awaiting_payment: z.array(agentOrderSchema),
  recent: z.array(agentOrderSchema),
});
export type AgentDashboard = z.infer<typeof agentDashboardSchema>;

export const agentCustomerListSchema = z.object({ data: z.array(agentCustomerSchema) });

/** POST /s/api/agent/orders: checkout for one of the agent's customers, from the agent's cart. */
export const agentOrderBodySchema = placeOrderBodySchema.extend({ customer_id: idSchema });
export type AgentOrderBody = z.infer<typeof agentOrderBodySchema>;
export const agentOrderResponseSchema = z.object({
  order: agentOrderSchema,
  /** where the payment link went (masked email / mobile); empty for cash on delivery */
  link_sent_to: z.array(z.string()),
});
export type AgentOrderResponse = z.infer<typeof agentOrderResponseSchema>;

// Administration: agents, their rates and customers; the sales report.
const contact = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() });
export const adminAgentSchema = contact.extend({ commission_rate: z.number(), customers: z.array(contact) });
export type AdminAgent = z.infer<typeof adminAgentSchema>;
export const adminAgentListSchema = z.object({ data: z.array(adminAgentSchema) });

export const agentRateBodySchema = z.object({
  commission_rate: z
    .number({ message: 'Enter a rate in percent' })
    .min(0, 'The rate must be 0% or more')
    .max(100, 'The rate must be at most 100%')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use at most two decimals'),
});
export const assignCustomerBodySchema = z.object({
  identifier: z.string().trim().min(1, 'Enter the customer’s mobile number or email').max(200),
});

export const agentReportRowSchema = z.object({
  agent_id: z.number().int(),
  name: z.string(),
  commission_rate: z.number(),
  orders: z.number().int(),
  customers: z.number().int(),
  sales: z.number(),
  commission: z.number(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;
export const agentReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(agentReportRowSchema),
  total: z.object({ orders: z.number().int(), sales: z.number(), commission: z.number() }),
});
export type AgentReport = z.infer<typeof agentReportSchema>;
