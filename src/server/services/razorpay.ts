import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "../errors";

// Razorpay's REST API over fetch. The official SDK hard-codes its host and compares webhook
// signatures with `===`; here the base URL is config (tests point it at a local fake) and every
// signature is compared in constant time.

export interface RazorpayOrder {
  id: string;
  amount: number;
  amount_paid?: number;
  currency: string;
  receipt?: string;
  status: string;
}

export interface RazorpayPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
}

export interface RazorpayClient {
  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
}

export class RazorpayError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

export function createRazorpayClient(opts: {
  keyId: string;
  keySecret: string;
  apiBase: string;
}): RazorpayClient {
  const authorization = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${opts.apiBase}${path}`, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new RazorpayError(`Razorpay ${method} ${path} failed: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new RazorpayError(
        `Razorpay ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`,
        response.status,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new RazorpayError(`Razorpay ${method} ${path} answered something that is not JSON`);
    }
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    createOrder: (input) => call<RazorpayOrder>("POST", "/orders", input),
    fetchOrder: (orderId) => call<RazorpayOrder>("GET", `/orders/${id(orderId)}`),
    fetchOrderPayments: async (orderId) =>
      (await call<{ items?: RazorpayPayment[] }>("GET", `/orders/${id(orderId)}/payments`)).items ?? [],
  };
}

/** Razorpay Checkout's signature: HMAC_SHA256(order_id + "|" + payment_id, secret), hex. */
export function checkoutSignature(orderId: string, paymentId: string, secret: string): string {
  return createHmac("sha256", secret).update(`${orderId}|${paymentId}`).digest("hex");
}

/** A webhook's signature: HMAC_SHA256 over the raw request body, hex. */
export function webhookSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

const SIGNATURE = /^[0-9a-f]{64}$/i;

/**
 * Compares a received signature with the expected one in constant time. Both must be exactly
 * 64 hex characters (an HMAC-SHA256): hex decoding drops a trailing odd character, so without the
 * exact length check a valid signature with one character appended would still match.
 */
export function signaturesMatch(expectedHex: string, received: unknown): boolean {
  if (typeof received !== "string" || !SIGNATURE.test(received) || !SIGNATURE.test(expectedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, "hex"), Buffer.from(received, "hex"));
}

export interface WebhookEvent {
  event?: unknown;
  payload?: Record<string, { entity?: Record<string, unknown> }>;
}

/** A webhook's body (its signature already checked), or a 400 when it is not JSON. */
export function parseWebhookEvent(rawBody: Buffer): WebhookEvent {
  try {
    return JSON.parse(rawBody.toString("utf8")) as WebhookEvent;
  } catch {
    throw new AppError("bad_request", "The webhook body is not JSON.");
  }
}
