import { generateKeyPairSync, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/*
 * A local HTTP server speaking the parts of PayPal's REST API that Folio uses (OAuth 2 client
 * credentials, Orders v2 and capture refunds), for tests and local demos. It keeps orders in memory
 * and lets the caller play the buyer (`approve`), misbehave on purpose (`failNextCreate`,
 * `failNextCapture`, `nextCapture`, `failNextRefund`, `tamperCapture`), settle a pending capture
 * later (`settleCapture`) or hold requests to order a race (`hold`).
 *
 * It follows PayPal's Orders v2 definition where a client could get it wrong
 * (https://developer.paypal.com/docs/api/orders/v2/): POST answers honour `Prefer`
 * (`return=minimal`, the default, is `{id, status, links}`; `return=representation` the whole
 * resource); a replayed `PayPal-Request-Id` answers 200 with the first answer's body (201 only
 * the first time), and a request that failed with a 5xx after PayPal acted is answered on replay
 * with what was done; amounts follow the currency's decimals (JPY "100.00" is 422
 * DECIMAL_PRECISION); `custom_id` is at most 127 characters (400 INVALID_STRING_LENGTH); an
 * INSTRUMENT_DECLINED (or REDIRECT_PAYER_FOR_ALTERNATE_FUNDING) capture leaves the order needing a
 * new approval.
 *
 * Webhooks: it sends signed notifications as PayPal does (`sendWebhook`: PAYMENT.CAPTURE.COMPLETED,
 * .DENIED, .REFUNDED, .REVERSED with the PAYPAL-TRANSMISSION-* headers; the signature is SHA256withRSA
 * over `transmission id|time|webhook id|CRC32 of the body`, PayPal's scheme) and answers
 * POST /v1/notifications/verify-webhook-signature with SUCCESS only for a notification it sent,
 * unchanged, for its webhook id (`webhookId`, the app's PAYPAL_WEBHOOK_ID); else FAILURE.
 * `refundCapture` and `reverseCapture` play a refund made in PayPal's dashboard and a chargeback.
 *
 * It also serves a small stand-in of PayPal's JS SDK at `/sdk/js` (the script
 * the pricing page loads through `@paypal/react-paypal-js`), so browser tests run the app's real
 * payment code: its button calls `createOrder`, lets the buyer approve, then calls `onApprove`.
 */

export interface FakeMoney {
  currency_code: string;
  value: string;
}

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: string;
  purchaseUnit: {
    reference_id?: string;
    custom_id?: string;
    description?: string;
    amount: FakeMoney;
  };
  capture: {
    id: string;
    status: string;
    amount: FakeMoney;
    /** Why a capture is PENDING or DECLINED (capture_status_details.reason). */
    reason?: string;
  } | null;
  /** What the next capture reports instead of the order's amount (a tampered or buggy capture). */
  capturedAmount: FakeMoney | null;
  createTime: string;
  /** The create request's body as sent (e.g. to read payment_source.paypal.experience_context). */
  request: unknown;
}

export interface FakeRefund {
  id: string;
  captureId: string;
  orderId: string;
  amount: FakeMoney;
  /** A chargeback PayPal made (reverseCapture), not a refund. */
  reversal?: boolean;
}

/** Requests held by `hold` until `release`. */
export interface FakeGate {
  /** How many matching requests are waiting. */
  held(): number;
  /** Lets the waiting requests (and every later one) through. */
  release(): void;
}

/**
 * How the next capture goes wrong (`nextCapture`), as real PayPal can:
 * - `pending`: 201, order COMPLETED, capture PENDING with `status_details.reason` (an eCheck);
 * - `declined`: 201, order COMPLETED, capture DECLINED (no money taken);
 * - `instrument-declined`: 422 INSTRUMENT_DECLINED; the order needs the buyer's approval again;
 * - `stall`: the money is taken, but the answer comes `ms` later (past the client's timeout);
 * - `error-after-capture`: the money is taken, but PayPal answers 500.
 */
export type FakeCaptureMode =
  | { kind: 'pending'; reason?: string }
  | { kind: 'declined' }
  | { kind: 'instrument-declined' }
  | { kind: 'stall'; ms: number }
  | { kind: 'error-after-capture' };

export interface FakePayPalOptions {
  clientId?: string;
  clientSecret?: string;
  port?: number;
  host?: string;
  /** Lifetime of issued access tokens, in seconds. */
  tokenLifetime?: number;
  /** Orders are approved as soon as they are created (demos without a buyer window). */
  autoApprove?: boolean;
  /** The id of the one webhook registered (the app's PAYPAL_WEBHOOK_ID). */
  webhookId?: string;
}

/** The webhook events the stand-in sends. */
export type FakeWebhookEventType =
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.REFUNDED'
  | 'PAYMENT.CAPTURE.REVERSED';

export interface FakeWebhookEvent {
  id: string;
  event_type: string;
  resource_type: string;
  resource: Record<string, unknown>;
  [key: string]: unknown;
}

export interface FakeDelivery {
  /** The app's HTTP answer. */
  status: number;
  body: unknown;
  /** The event as sent (send it again with `redeliver`). */
  event: FakeWebhookEvent;
}

export interface SendWebhookOptions {
  /** Changes the body after it was signed (a forged or altered notification). */
  tamper?: (event: FakeWebhookEvent) => void;
  /** Sends this signature instead of the real one. */
  signature?: string;
}

export interface FakePayPal {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder>;
  /** Refunds made, oldest first. */
  refunds: FakeRefund[];
  /** Every request received: method, path and PayPal-Request-Id. */
  requests: { method: string; path: string; requestId: string | null }[];
  /** Access tokens issued so far. */
  tokensIssued(): number;
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void;
  /** The JS SDK stand-in's address: PAYPAL_SDK_URL for the app. */
  sdkUrl: string;
  /** The next order creation fails as PayPal's own outage would (HTTP 500). */
  failNextCreate(): void;
  /**
   * The next capture fails with this 422 issue (default INSTRUMENT_DECLINED). INSTRUMENT_DECLINED
   * leaves the order needing a new approval (the buyer picks another funding source).
   */
  failNextCapture(issue?: string): void;
  /** The next capture goes wrong this way (see FakeCaptureMode). */
  nextCapture(mode: FakeCaptureMode): void;
  /** PayPal finishes a PENDING capture later: COMPLETED, DECLINED (or any capture status). */
  settleCapture(orderId: string, status: string): void;
  /** The next refund fails as PayPal's own outage would (HTTP 500). */
  failNextRefund(): void;
  /** Holds every request matching `match` (after authentication) until the gate is released. */
  hold(match: (req: { method: string; path: string }) => boolean): FakeGate;
  /** The capture of this order reports a different amount or currency than was ordered. */
  tamperCapture(orderId: string, amount: Partial<FakeMoney>): void;
  /** The most recently created order. */
  lastOrder(): FakeOrder | undefined;
  /** The webhook id notifications are signed for (the app's PAYPAL_WEBHOOK_ID). */
  webhookId: string;
  /**
   * Sends a signed notification about this order's capture to `url` (the app's webhook address):
   * COMPLETED and DENIED carry the capture, REFUNDED and REVERSED the last refund or reversal made
   * with `refundCapture` / `reverseCapture`.
   */
  sendWebhook(
    url: string,
    /** Another type is sent with the capture as its resource (an event the app does not handle). */
    type: FakeWebhookEventType | (string & {}),
    orderId: string,
    options?: SendWebhookOptions,
  ): Promise<FakeDelivery>;
  /** Sends an event again, freshly signed, as PayPal redelivers until it gets a 2xx. */
  redeliver(url: string, event: FakeWebhookEvent): Promise<FakeDelivery>;
  /** The merchant refunds the capture in PayPal's dashboard (capture REFUNDED, or PARTIALLY_REFUNDED for less). */
  refundCapture(orderId: string, value?: string): FakeRefund;
  /** PayPal reverses the capture (a chargeback): capture REFUNDED, reason CHARGEBACK. */
  reverseCapture(orderId: string): FakeRefund;
  close(): Promise<void>;
}

const newId = (length: number) =>
  randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, length);

/** A capture as Payments v2 shows it (also the resource of PAYMENT.CAPTURE.* notifications). */
function captureJson(baseUrl: string, order: FakeOrder, time: string): Record<string, unknown> {
  const capture = order.capture!;
  const self = `${baseUrl}/v2/payments/captures/${capture.id}`;
  return {
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    custom_id: order.purchaseUnit.custom_id,
    final_capture: true,
    ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: time,
    update_time: time,
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/refund`, rel: 'refund', method: 'POST' },
      { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  };
}

function orderJson(baseUrl: string, order: FakeOrder) {
  const self = `${baseUrl}/v2/checkout/orders/${order.id}`;
  const unit: Record<string, unknown> = { ...order.purchaseUnit };
  if (order.capture) {
    unit.payments = { captures: [captureJson(baseUrl, order, new Date().toISOString())] };
  }
  const links =
    order.status === 'CREATED'
      ? [
          { href: self, rel: 'self', method: 'GET' },
          { href: `${baseUrl}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
          { href: self, rel: 'update', method: 'PATCH' },
          { href: `${self}/capture`, rel: 'capture', method: 'POST' },
        ]
      : [{ href: self, rel: 'self', method: 'GET' }];
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    purchase_units: [unit],
    create_time: order.createTime,
    links,
  };
}

/** Only the fields `Prefer: return=minimal` (the default) answers. */
function minimal(body: unknown): unknown {
  const { id, status, links } = body as { id: unknown; status: unknown; links?: unknown };
  return links === undefined ? { id, status } : { id, status, links };
}

/** Decimal places a currency takes (PayPal's currency codes reference). */
const noDecimals = new Set(['HUF', 'JPY', 'TWD']);

function paypalError(status: number, name: string, issue: string | null, message: string) {
  return {
    status,
    body: {
      name,
      message,
      debug_id: newId(13).toLowerCase(),
      details: issue ? [{ issue, description: message }] : [],
    },
  };
}

interface Answer {
  status: number;
  body: unknown;
  /** Sent as is (a script), not as JSON. */
  text?: string;
  headers?: Record<string, string>;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const tokenLifetime = options.tokenLifetime ?? 32_400;
  const orders = new Map<string, FakeOrder>();
  const tokens = new Map<string, number>(); // token → expiry (ms)
  const requests: FakePayPal['requests'] = [];
  const refunds: FakeRefund[] = [];
  const gates: {
    match: (req: { method: string; path: string }) => boolean;
    waiting: (() => void)[];
    open: boolean;
  }[] = [];
  let failRefund = false;
  /** Successful answers by PayPal-Request-Id: a retried request gets the same answer. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let failCaptureIssue: string | null = null;
  let captureMode: FakeCaptureMode | null = null;
  /** The successful answer of a request that then failed (kept for its replay). */
  let afterEffect: { status: number; body: unknown } | null = null;
  /** Set by route: the answer is sent this much later (a stalled capture). */
  let delayMs = 0;
  let closed = false;
  const stalls = new Set<() => void>();
  let failCreate = false;
  let lastOrderId: string | null = null;
  let baseUrl = '';
  const webhookId = options.webhookId ?? `WH${newId(15)}`;
  // PayPal signs notifications with a certificate's key; the stand-in with a key of its own.
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certPath = `/v1/notifications/certs/CERT-${newId(8)}`;
  const signed = (transmissionId: string, time: string, forWebhook: string, body: string) =>
    `${transmissionId}|${time}|${forWebhook}|${crc32(body)}`;

  const handle = async (req: http.IncomingMessage): Promise<Answer> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, requestId });
    const raw = await readBody(req);

    if (method === 'GET' && url.pathname === '/checkoutnow') {
      // The approve link: opening it plays the buyer approving the payment. The SDK stand-in
      // calls it from the app's page, hence the CORS header.
      const cors = { 'access-control-allow-origin': '*' };
      const order = orders.get(url.searchParams.get('token') ?? '');
      if (!order) return { status: 404, body: { message: 'No such order' }, headers: cors };
      if (order.status === 'CREATED') order.status = 'APPROVED';
      return { status: 200, body: { id: order.id, status: order.status }, headers: cors };
    }

    if (method === 'GET' && url.pathname === '/sdk/js') {
      // Like PayPal's: an unknown client id answers 400, so the page's script fails to load.
      if (url.searchParams.get('client-id') !== clientId) {
        return { status: 400, body: null, text: '/* invalid client-id */' };
      }
      return {
        status: 200,
        body: null,
        text: sdkScript,
        headers: { 'content-type': 'application/javascript; charset=utf-8' },
      };
    }

    if (method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        return {
          status: 400,
          body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
        };
      }
      const token = `A21AA${newId(40)}`;
      tokens.set(token, Date.now() + tokenLifetime * 1000);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: tokenLifetime,
          nonce: newId(20),
        },
      };
    }

    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const expiry = tokens.get(token);
    if (expiry === undefined || expiry < Date.now()) {
      return paypalError(
        401,
        'AUTHENTICATION_FAILURE',
        null,
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    }

    for (const gate of gates) {
      if (gate.open || !gate.match({ method, path: url.pathname })) continue;
      await new Promise<void>((resolve) => gate.waiting.push(resolve));
    }

    const representation = /return=representation/i.test(String(req.headers.prefer ?? ''));
    const shaped = (answer: { status: number; body: unknown }): Answer =>
      method === 'POST' && answer.status < 300 && !representation
        ? { status: answer.status, body: minimal(answer.body) }
        : answer;
    const key = requestId ? `${method} ${url.pathname} ${requestId}` : null;
    if (key) {
      // A replay answers 200 with what the first request did (PayPal: "a successful response
      // to an idempotent request returns the HTTP 200 OK status code").
      const seen = idempotent.get(key);
      if (seen) return shaped({ status: 200, body: seen.body });
    }
    delayMs = 0;
    const answer = route(method, url.pathname, raw);
    const delay = delayMs;
    if (key && answer.status < 300) idempotent.set(key, answer);
    if (key && answer.status >= 500 && afterEffect) {
      // PayPal acted, then failed to answer: a retry with the same id gets what was done.
      idempotent.set(key, afterEffect);
    }
    afterEffect = null;
    if (delay > 0 && !closed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          stalls.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, delay);
        stalls.add(done);
      });
    }
    return shaped(answer);
  };

  const route = (method: string, path: string, raw: string): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v2/checkout/orders') {
      if (failCreate) {
        failCreate = false;
        return paypalError(
          500,
          'INTERNAL_SERVER_ERROR',
          null,
          'An internal server error has occurred.',
        );
      }
      let input: {
        intent?: string;
        purchase_units?: {
          reference_id?: string;
          custom_id?: string;
          description?: string;
          amount?: FakeMoney;
        }[];
        application_context?: unknown;
      };
      try {
        input = JSON.parse(raw) as typeof input;
      } catch {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MALFORMED_REQUEST_JSON',
          'Request is not well-formed.',
        );
      }
      const unit = input.purchase_units?.[0];
      if (input.intent !== 'CAPTURE' && input.intent !== 'AUTHORIZE') {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'intent is required.',
        );
      }
      if (!unit?.amount?.currency_code || typeof unit.amount.value !== 'string') {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
        );
      }
      // money.value: maxLength 32, pattern ^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$ (schema: 400).
      if (
        unit.amount.value.length > 32 ||
        !/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/.test(unit.amount.value)
      ) {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'INVALID_PARAMETER_SYNTAX',
          'The value of a field does not conform to the expected format.',
        );
      }
      const decimals = unit.amount.value.split('.')[1]?.length ?? 0;
      if (decimals > (noDecimals.has(unit.amount.currency_code) ? 0 : 2)) {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'DECIMAL_PRECISION',
          'If the currency supports decimals, only two decimal place precision is supported.',
        );
      }
      if (Number(unit.amount.value) <= 0) {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'CANNOT_BE_ZERO_OR_NEGATIVE',
          'Must be greater than zero.',
        );
      }
      // purchase_unit.custom_id: maxLength 127 (a schema violation: 400).
      if (unit.custom_id !== undefined && unit.custom_id.length > 127) {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'INVALID_STRING_LENGTH',
          'The value of a field is either too short or too long.',
        );
      }
      const order: FakeOrder = {
        id: newId(17),
        status: options.autoApprove ? 'APPROVED' : 'CREATED',
        intent: input.intent,
        purchaseUnit: {
          reference_id: unit.reference_id ?? 'default',
          custom_id: unit.custom_id,
          description: unit.description,
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        },
        capture: null,
        capturedAmount: null,
        createTime: new Date().toISOString(),
        request: input,
      };
      orders.set(order.id, order);
      lastOrderId = order.id;
      return { status: 201, body: orderJson(baseUrl, order) };
    }

    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MALFORMED_REQUEST_JSON',
          'Request is not well-formed.',
        );
      }
      const fields = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ] as const;
      const missing = fields.filter((f) => typeof input[f] !== 'string' || !input[f]);
      if (missing.length > 0 || typeof input.webhook_event !== 'object' || !input.webhook_event) {
        return paypalError(
          400,
          'VALIDATION_ERROR',
          'MISSING_REQUIRED_PARAMETER',
          `Invalid data provided: ${[...missing, 'webhook_event'].join(', ')}`,
        );
      }
      const str = (f: (typeof fields)[number]) => input[f] as string;
      const genuine =
        str('auth_algo') === 'SHA256withRSA' &&
        str('cert_url') === `${baseUrl}${certPath}` &&
        str('webhook_id') === webhookId &&
        verify(
          'sha256',
          Buffer.from(
            signed(
              str('transmission_id'),
              str('transmission_time'),
              str('webhook_id'),
              JSON.stringify(input.webhook_event),
            ),
          ),
          keys.publicKey,
          Buffer.from(str('transmission_sig'), 'base64'),
        );
      return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      const captureId = decodeURIComponent(refund[1]!);
      const captured = [...orders.values()].find((o) => o.capture?.id === captureId);
      if (!captured?.capture) {
        return paypalError(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      }
      if (failRefund) {
        failRefund = false;
        return paypalError(
          500,
          'INTERNAL_SERVER_ERROR',
          null,
          'An internal server error has occurred.',
        );
      }
      if (captured.capture.status === 'REFUNDED') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'CAPTURE_FULLY_REFUNDED',
          'The capture has already been fully refunded.',
        );
      }
      captured.capture.status = 'REFUNDED';
      const made: FakeRefund = {
        id: newId(17),
        captureId,
        orderId: captured.id,
        amount: captured.capture.amount,
      };
      refunds.push(made);
      return { status: 201, body: { id: made.id, status: 'COMPLETED', amount: made.amount } };
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? orders.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !order) {
      return paypalError(
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist.',
      );
    }
    if (order && method === 'GET' && !match![2]) {
      return { status: 200, body: orderJson(baseUrl, order) };
    }
    if (order && method === 'POST' && match![2]) {
      if (order.status === 'COMPLETED') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_ALREADY_CAPTURED',
          'Order already captured. If intent is CAPTURE, only one capture per order is allowed.',
        );
      }
      if (order.status !== 'APPROVED') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
      }
      const mode = captureMode;
      captureMode = null;
      if (mode?.kind === 'instrument-declined') failCaptureIssue = 'INSTRUMENT_DECLINED';
      if (failCaptureIssue) {
        const issue = failCaptureIssue;
        failCaptureIssue = null;
        // The buyer has to choose another funding source: the order needs a new approval.
        if (issue === 'INSTRUMENT_DECLINED' || issue === 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING') {
          order.status = 'CREATED';
        }
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          issue,
          "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        );
      }
      order.status = 'COMPLETED';
      order.capture = {
        id: newId(17),
        status:
          mode?.kind === 'pending'
            ? 'PENDING'
            : mode?.kind === 'declined'
              ? 'DECLINED'
              : 'COMPLETED',
        amount: order.capturedAmount ?? order.purchaseUnit.amount,
        ...(mode?.kind === 'pending' ? { reason: mode.reason ?? 'ECHECK' } : {}),
      };
      const done = { status: 201, body: orderJson(baseUrl, order) };
      if (mode?.kind === 'stall') delayMs = mode.ms;
      if (mode?.kind === 'error-after-capture') {
        afterEffect = done;
        return paypalError(
          500,
          'INTERNAL_SERVER_ERROR',
          null,
          'An internal server error has occurred.',
        );
      }
      return done;
    }
    return paypalError(404, 'NOT_FOUND', null, `No route for ${method} ${path}`);
  };

  const server = http.createServer((req, res) => {
    handle(req)
      .then(({ status, body, text, headers }) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text ?? JSON.stringify(body));
      })
      .catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: String(err) }));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  /** POSTs a notification to the app, signed as PayPal signs it. */
  const deliver = async (
    url: string,
    event: FakeWebhookEvent,
    opts: SendWebhookOptions,
  ): Promise<FakeDelivery> => {
    const transmissionId = randomUUID();
    const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const body = JSON.stringify(event);
    const signature =
      opts.signature ??
      sign(
        'sha256',
        Buffer.from(signed(transmissionId, time, webhookId, body)),
        keys.privateKey,
      ).toString('base64');
    let sent = body;
    if (opts.tamper) {
      const altered = JSON.parse(body) as FakeWebhookEvent;
      opts.tamper(altered);
      sent = JSON.stringify(altered);
    }
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${baseUrl}${certPath}`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body: sent,
    });
    const text = await res.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text) as unknown;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: answer, event };
  };

  const find = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    return order;
  };

  return {
    baseUrl,
    clientId,
    clientSecret,
    orders,
    refunds,
    requests,
    tokensIssued: () => tokens.size,
    approve(orderId) {
      const order = find(orderId);
      if (order.status === 'CREATED') order.status = 'APPROVED';
    },
    sdkUrl: `${baseUrl}/sdk/js`,
    failNextCreate() {
      failCreate = true;
    },
    failNextCapture(issue = 'INSTRUMENT_DECLINED') {
      failCaptureIssue = issue;
    },
    nextCapture(mode) {
      captureMode = mode;
    },
    settleCapture(orderId, status) {
      const order = find(orderId);
      if (!order.capture) throw new Error(`fake PayPal: order ${orderId} has no capture`);
      order.capture.status = status;
      delete order.capture.reason;
    },
    failNextRefund() {
      failRefund = true;
    },
    hold(match) {
      const gate = { match, waiting: [] as (() => void)[], open: false };
      gates.push(gate);
      return {
        held: () => gate.waiting.length,
        release() {
          gate.open = true;
          for (const resolve of gate.waiting.splice(0)) resolve();
        },
      };
    },
    tamperCapture(orderId, amount) {
      const order = find(orderId);
      order.capturedAmount = { ...order.purchaseUnit.amount, ...amount };
    },
    lastOrder: () => (lastOrderId ? orders.get(lastOrderId) : undefined),
    webhookId,
    sendWebhook(url, type, orderId, opts = {}) {
      const order = find(orderId);
      if (!order.capture) throw new Error(`fake PayPal: order ${orderId} has no capture`);
      const now = new Date().toISOString();
      let resourceType = 'capture';
      let resource: Record<string, unknown> = captureJson(baseUrl, order, now);
      let summary = `Payment ${type === 'PAYMENT.CAPTURE.DENIED' ? 'denied' : 'completed'} for $ ${order.capture.amount.value} ${order.capture.amount.currency_code}`;
      if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
        const made = refunds.filter((r) => r.orderId === orderId).at(-1);
        if (!made) throw new Error(`fake PayPal: order ${orderId} was not refunded or reversed`);
        resourceType = 'refund';
        resource = {
          id: made.id,
          amount: made.amount,
          status: 'COMPLETED',
          create_time: now,
          update_time: now,
          links: [
            { href: `${baseUrl}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
            {
              href: `${baseUrl}/v2/payments/captures/${made.captureId}`,
              rel: 'up',
              method: 'GET',
            },
          ],
        };
        summary =
          type === 'PAYMENT.CAPTURE.REFUNDED'
            ? `A $ ${made.amount.value} ${made.amount.currency_code} capture payment was refunded`
            : `A $ ${made.amount.value} ${made.amount.currency_code} capture payment was reversed`;
      }
      const id = `WH-${newId(17)}-${newId(17)}`;
      const event: FakeWebhookEvent = {
        id,
        event_version: '1.0',
        create_time: now,
        resource_type: resourceType,
        resource_version: '2.0',
        event_type: type,
        summary,
        resource,
        links: [
          {
            href: `${baseUrl}/v1/notifications/webhooks-events/${id}`,
            rel: 'self',
            method: 'GET',
          },
          {
            href: `${baseUrl}/v1/notifications/webhooks-events/${id}/resend`,
            rel: 'resend',
            method: 'POST',
          },
        ],
      };
      return deliver(url, event, opts);
    },
    redeliver: (url, event) => deliver(url, event, {}),
    refundCapture(orderId, value) {
      const order = find(orderId);
      if (!order.capture) throw new Error(`fake PayPal: order ${orderId} has no capture`);
      const amount = value
        ? { currency_code: order.capture.amount.currency_code, value }
        : order.capture.amount;
      const full = Number(amount.value) >= Number(order.capture.amount.value);
      order.capture.status = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      const made = { id: newId(17), captureId: order.capture.id, orderId, amount };
      refunds.push(made);
      return made;
    },
    reverseCapture(orderId) {
      const order = find(orderId);
      if (!order.capture) throw new Error(`fake PayPal: order ${orderId} has no capture`);
      order.capture.status = 'REFUNDED';
      order.capture.reason = 'CHARGEBACK';
      const made = {
        id: newId(17),
        captureId: order.capture.id,
        orderId,
        amount: order.capture.amount,
        reversal: true,
      };
      refunds.push(made);
      return made;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closed = true;
        for (const stall of [...stalls]) stall();
        for (const gate of gates) {
          gate.open = true;
          for (const release of gate.waiting.splice(0)) release();
        }
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * The JS SDK stand-in: defines `window.paypal.Buttons(props)` with the parts of the real SDK's
 * contract that `@paypal/react-paypal-js` and the app use (isEligible, render, close, onInit's
 * enable/disable; createOrder → buyer approval → onApprove; onApprove's actions.restart(), which
 * brings the buyer back to PayPal's window for the same order to choose another way to pay;
 * onCancel; onError on any failure).
 * The buyer's PayPal window is played inline, inside the button's container.
 */
const sdkScript = String.raw`(function () {
  var src = document.currentScript && document.currentScript.src;
  var origin = src ? new URL(src).origin : '';
  function button(label, primary) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.style.cssText =
      'display:block;width:100%;min-height:44px;margin-top:8px;border-radius:999px;font:600 15px/1 system-ui,sans-serif;cursor:pointer;' +
      (primary ? 'background:#ffc439;color:#111;border:0' : 'background:#fff;color:#111;border:1px solid #999');
    return b;
  }
  function Buttons(props) {
    props = props || {};
    var container = null;
    var closed = false;
    var enabled = true;
    var busy = false;
    var actions = {
      enable: function () { enabled = true; return Promise.resolve(); },
      disable: function () { enabled = false; return Promise.resolve(); }
    };
    function showButton() {
      if (!container || closed) return;
      var b = button('PayPal', true);
      b.setAttribute('data-funding-source', 'paypal');
      b.onclick = start;
      container.replaceChildren(b);
    }
    function fail(err) {
      busy = false;
      if (closed) return;
      showButton();
      var error = err instanceof Error ? err : new Error(String(err));
      if (typeof props.onError === 'function') props.onError(error);
      else console.error(error);
    }
    function start() {
      if (!enabled || busy) return;
      busy = true;
      Promise.resolve()
        .then(function () {
          if (typeof props.createOrder !== 'function') throw new Error('Expected createOrder');
          return props.createOrder({ paymentSource: 'paypal' }, {});
        })
        .then(function (orderID) {
          if (typeof orderID !== 'string' || !orderID) {
            throw new Error('Expected an order id to be passed');
          }
          approval(orderID);
        })
        .catch(fail);
    }
    function approval(orderID, again) {
      if (closed) return;
      var box = document.createElement('div');
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', 'PayPal checkout');
      box.style.cssText = 'border:1px solid #ccc;border-radius:12px;padding:12px;font:14px/1.4 system-ui,sans-serif;color:#111;background:#f7f9fa';
      var p = document.createElement('p');
      p.style.margin = '0';
      p.textContent = again
        ? 'PayPal (local stand-in): that payment method was declined. Choose another way to pay for order ' + orderID + '.'
        : 'PayPal (local stand-in): approve order ' + orderID + '?';
      var pay = button('Pay Now', true);
      var cancel = button('Cancel', false);
      pay.onclick = function () {
        pay.disabled = true;
        cancel.disabled = true;
        fetch(origin + '/checkoutnow?token=' + encodeURIComponent(orderID))
          .then(function (r) {
            if (!r.ok) throw new Error('PayPal approval failed: ' + r.status);
            busy = false;
            showButton();
            var approveActions = {
              restart: function () {
                if (closed) return Promise.resolve();
                busy = true;
                approval(orderID, true);
                return Promise.resolve();
              }
            };
            return props.onApprove({ orderID: orderID, payerID: 'FAKEPAYER', paymentID: null, paymentSource: 'paypal', facilitatorAccessToken: 'fake' }, approveActions);
          })
          .catch(fail);
      };
      cancel.onclick = function () {
        busy = false;
        showButton();
        if (typeof props.onCancel === 'function') props.onCancel({ orderID: orderID });
      };
      box.append(p, pay, cancel);
      container.replaceChildren(box);
      pay.focus();
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        showButton();
        if (typeof props.onInit === 'function') props.onInit({}, actions);
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
      close: function () {
        closed = true;
        if (container) container.replaceChildren();
        return Promise.resolve();
      }
    };
  }
  window.paypal = { version: '5.0.0-local-stand-in', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
`;
