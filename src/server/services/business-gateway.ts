import { createHmac, randomBytes } from "node:crypto";
import type { GatewayAnswer, GatewayConnectBody } from "#contract/payment-gateway";
import type { Config } from "../config";
import type { Db } from "../db/client";
import {
  deleteGateway,
  findGateway,
  type GatewayRow,
  saveGateway,
  TEST_MODE_GATEWAY,
} from "../db/queries/gateways";
import { AppError } from "../errors";
import { createRazorpayClient, type RazorpayClient } from "./razorpay";
import { GATEWAY_SECRETS, maskSecret, type SecretBox, secretBox } from "./secret-box";

// A business's own Razorpay account (issue 11 part 3; DECISIONS §10): its clients pay its
// invoices online into it. Bahi's own keys (config.razorpay) are never used for this.

export interface BusinessGateways {
  db: Db;
  box: SecretBox;
  publicUrl: string;
  apiBase: string;
  checkoutUrl: string;
  /**
   * The server's test checkout is on (no Razorpay keys of its own, and PAYMENTS_TEST_MODE in
   * production): businesses may use it. Otherwise a saved test-mode gateway counts as not connected.
   */
  testModeAvailable: boolean;
  /** Secret for the test checkout's signatures, derived from AUTH_SECRET. */
  testSecret: string;
  /** Tests hand in a fake; otherwise a client is made from the business's own keys. */
  clientFor?: (keys: { keyId: string; keySecret: string }) => RazorpayClient;
}

export function setUpBusinessGateways(db: Db, config: Config): BusinessGateways {
  const box = secretBox(config.authSecret, GATEWAY_SECRETS);
  return {
    db,
    box,
    publicUrl: config.publicUrl,
    apiBase: config.razorpay.apiBase,
    checkoutUrl: config.razorpay.checkoutUrl,
    testModeAvailable: config.paymentsTestMode,
    testSecret: createHmac("sha256", config.authSecret).update("bahi-business-test-checkout").digest("hex"),
  };
}

export function webhookUrlOf(g: BusinessGateways, row: GatewayRow): string {
  return `${g.publicUrl}/api/webhooks/razorpay/business/${row.webhookToken}`;
}

export function presentGateway(g: BusinessGateways, row: GatewayRow | undefined): GatewayAnswer {
  const live = Boolean(row && !row.testMode && row.keyId);
  return {
    connected: Boolean(row && (row.testMode ? g.testModeAvailable : live)),
    testMode: Boolean(row?.testMode),
    testModeAvailable: g.testModeAvailable,
    keyId: row?.testMode ? null : (row?.keyId ?? null),
    keySecretMasked: row?.keySecretLast4 && !row.testMode ? `••••${row.keySecretLast4}` : null,
    webhookSecretSet: Boolean(row?.webhookSecretSealed && !row.testMode),
    webhookUrl: row && !row.testMode ? webhookUrlOf(g, row) : null,
  };
}

export async function readGateway(g: BusinessGateways, businessId: string): Promise<GatewayAnswer> {
  return presentGateway(g, await findGateway(g.db, businessId));
}

const required = (field: string, what: string) =>
  new AppError("validation_failed", `${what} is required to connect Razorpay.`, {
    [field]: `${what} is required.`,
  });

/**
 * Connects (or updates) the business's account. A first connection needs the key id and both
 * secrets; later a secret left out keeps the saved one. The test mode needs no keys and exists
 * only where the server's own test checkout is on (config.paymentsTestMode).
 */
export async function connectGateway(
  g: BusinessGateways,
  businessId: string,
  body: GatewayConnectBody,
): Promise<GatewayAnswer> {
  const saved = await findGateway(g.db, businessId);
  const webhookToken = saved?.webhookToken ?? randomBytes(24).toString("base64url");
  if (body.testMode === true) {
    if (!g.testModeAvailable) {
      throw new AppError(
        "validation_failed",
        "Test mode is not available on this server. Enter your Razorpay keys.",
      );
    }
    const row = await saveGateway(g.db, { businessId, webhookToken, fields: TEST_MODE_GATEWAY });
    return presentGateway(g, row);
  }
  const keepSecrets = saved && !saved.testMode;
  const keySecret = body.keySecret || undefined;
  const webhookSecret = body.webhookSecret || undefined;
  if (!keySecret && !(keepSecrets && saved.keySecretSealed)) throw required("keySecret", "Key secret");
  if (!webhookSecret && !(keepSecrets && saved.webhookSecretSealed))
    throw required("webhookSecret", "Webhook secret");
  const row = await saveGateway(g.db, {
    businessId,
    webhookToken,
    fields: {
      testMode: false,
      keyId: body.keyId,
      keySecretSealed: keySecret ? g.box.seal(keySecret) : saved!.keySecretSealed,
      keySecretLast4: keySecret ? maskSecret(keySecret).slice(-4) : saved!.keySecretLast4,
      webhookSecretSealed: webhookSecret ? g.box.seal(webhookSecret) : saved!.webhookSecretSealed,
    },
  });
  return presentGateway(g, row);
}

export async function disconnectGateway(g: BusinessGateways, businessId: string): Promise<GatewayAnswer> {
  await deleteGateway(g.db, businessId);
  return presentGateway(g, undefined);
}

/** The business's Razorpay client and secrets, opened for one use; undefined when not connected. */
export function liveKeysOf(g: BusinessGateways, row: GatewayRow | undefined) {
  if (!row || row.testMode || !row.keyId || !row.keySecretSealed || !row.webhookSecretSealed)
    return undefined;
  const keys = { keyId: row.keyId, keySecret: g.box.open(row.keySecretSealed) };
  return {
    keyId: row.keyId,
    keySecret: keys.keySecret,
    webhookSecret: g.box.open(row.webhookSecretSealed),
    client: g.clientFor?.(keys) ?? createRazorpayClient({ ...keys, apiBase: g.apiBase }),
  };
}
