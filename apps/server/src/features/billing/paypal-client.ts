import { z } from 'zod';

/*
 * A small typed client for the parts of PayPal's REST API we use: OAuth 2 client credentials,
 * Orders v2 (create, get, capture), Payments v2 (refund a capture) and Webhooks v1 (verify a
 * notification's signature). Global fetch, a timeout on every call, responses validated.
 * https://developer.paypal.com/docs/api/orders/v2/
 */

export interface PayPalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** Replaces global fetch (tests). */
  fetch?: typeof fetch;
}

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
export type PayPalMoney = z.infer<typeof moneySchema>;

const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: moneySchema.optional(),
  custom_id: z.string().optional(),
  /** Why a capture is PENDING or DECLINED, e.g. ECHECK; or why it was refunded (CHARGEBACK). */
  status_details: z.object({ reason: z.string().optional() }).optional(),
});
export type PayPalCapture = z.infer<typeof captureSchema>;

const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  links: z
    .array(z.object({ href: z.string(), rel: z.string(), method: z.string().optional() }))
    .optional(),
});
export type PayPalOrder = z.infer<typeof orderSchema>;

const refundSchema = z.object({ id: z.string(), status: z.string() });
export type PayPalRefund = z.infer<typeof refundSchema>;

const verificationSchema = z.object({ verification_status: z.string() });

/** What PayPal needs to check a webhook notification (its headers, our webhook id, the event). */
export interface WebhookVerification {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  /**
   * The notification's body exactly as PayPal sent it: the signature covers those bytes, so it is
   * passed on unchanged (a parsed and re-serialised event may order its keys differently).
   */
  rawEvent: string;
}

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });

const errorBodySchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
  // OAuth errors
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** A failed PayPal call: HTTP status (0 = no answer), PayPal's error name and first issue. */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorName: string | null = null,
    readonly issue: string | null = null,
    readonly debugId: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PayPalError';
  }
}

export interface CreateOrderRequest {
  /** Our id for the order: sent as reference_id, custom_id and PayPal-Request-Id. */
  reference: string;
  /** Decimal string, e.g. "5.98". */
  value: string;
  currency: string;
  description: string;
  brandName: string;
}

/** Refresh the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class PayPalClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly options: PayPalClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  createOrder(req: CreateOrderRequest): Promise<PayPalOrder> {
    return this.call('POST', '/v2/checkout/orders', {
      requestId: `create-${req.reference}`,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: req.reference,
            custom_id: req.reference,
            description: req.description,
            amount: { currency_code: req.currency, value: req.value },
          },
        ],
        // application_context is deprecated: the buyer's experience goes with the payment source.
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: req.brandName,
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
            },
          },
        },
      },
    });
  }

  getOrder(orderId: string): Promise<PayPalOrder> {
    return this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, {});
  }

  /** Captures an approved order; `requestId` makes a repeated capture return the first answer. */
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    return this.call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      requestId,
      body: {},
    });
  }

  /**
   * Refunds a capture in full (a payment that cannot be applied). `requestId` makes a repeated
   * refund return the first answer instead of refunding twice.
   * https://developer.paypal.com/docs/api/payments/v2/#captures_refund
   */
  refundCapture(captureId: string, requestId: string): Promise<PayPalRefund> {
    return this.call(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      { requestId, body: {} },
      refundSchema,
    );
  }

  /**
   * Asks PayPal whether a webhook notification is genuine: true only for SUCCESS.
   * https://developer.paypal.com/api/webhooks/v1/#verify-webhook-signature_post
   */
  async verifyWebhookSignature(v: WebhookVerification): Promise<boolean> {
    const fields = JSON.stringify({
      auth_algo: v.authAlgo,
      cert_url: v.certUrl,
      transmission_id: v.transmissionId,
      transmission_sig: v.transmissionSig,
      transmission_time: v.transmissionTime,
      webhook_id: v.webhookId,
    });
    const answer = await this.call(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      // The event goes in as received: {"auth_algo":…,"webhook_id":…,"webhook_event":<body>}.
      { body: null, rawBody: `${fields.slice(0, -1)},"webhook_event":${v.rawEvent}}` },
      verificationSchema,
    );
    return answer.verification_status === 'SUCCESS';
  }

  private async call<T = PayPalOrder>(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; rawBody?: string; requestId?: string },
    schema: z.ZodType<T> = orderSchema as unknown as z.ZodType<T>,
    retried = false,
  ): Promise<T> {
    const token = await this.accessToken();
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      prefer: 'return=representation',
    };
    const body =
      opts.rawBody ??
      (opts.body === undefined || opts.body === null ? null : JSON.stringify(opts.body));
    if (body !== null) headers['content-type'] = 'application/json';
    if (opts.requestId) headers['paypal-request-id'] = opts.requestId;
    const res = await this.send(`${this.baseUrl}${path}`, { method, headers, body });
    if (res.status === 401 && !retried) {
      // The token was revoked or expired early: get a new one and try once more.
      this.token = null;
      return this.call(method, path, opts, schema, true);
    }
    const json = await this.readJson(res);
    if (!res.ok) throw this.errorFrom(res.status, json, `${method} ${path}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PayPalError(`Unexpected PayPal response to ${method} ${path}`, res.status);
    }
    return parsed.data;
  }

  /** A cached OAuth token; concurrent callers share one token request. */
  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString(
      'base64',
    );
    const res = await this.send(`${this.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const json = await this.readJson(res);
    if (!res.ok) throw this.errorFrom(res.status, json, 'POST /v1/oauth2/token');
    const parsed = tokenSchema.safeParse(json);
    if (!parsed.success) throw new PayPalError('Unexpected PayPal token response', res.status);
    const lifetimeMs = parsed.data.expires_in * 1000;
    this.token = {
      value: parsed.data.access_token,
      expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2),
    };
    return this.token.value;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new PayPalError(
        timedOut ? `PayPal did not answer within ${this.timeoutMs} ms` : 'PayPal is unreachable',
        0,
        null,
        null,
        null,
        { cause: err },
      );
    }
  }

  private async readJson(res: Response): Promise<unknown> {
    const text = await res.text();
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  private errorFrom(status: number, json: unknown, what: string): PayPalError {
    const body = errorBodySchema.safeParse(json);
    const b = body.success ? body.data : {};
    const name = b.name ?? b.error ?? null;
    const issue = b.details?.[0]?.issue ?? null;
    const message = b.message ?? b.error_description ?? `HTTP ${status}`;
    return new PayPalError(
      `${what} failed: ${[name, issue].filter(Boolean).join(' ')} ${message}`.trim(),
      status,
      name,
      issue,
      b.debug_id ?? null,
    );
  }
}
