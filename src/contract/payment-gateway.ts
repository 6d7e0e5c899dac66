import { z } from "zod";
import { text } from "./common";
import { routeGroup } from "./registry";

// A business's own Razorpay account (issue 11 part 3). Secrets go in and never come out: the
// answer shows the key id, the last four characters of the key secret and whether a webhook
// secret is set.

const RAZORPAY_KEY_ID = /^rzp_(live|test)_[A-Za-z0-9]{6,40}$/;

export const gatewayConnectBody = z.union([
  z.object({
    testMode: z
      .literal(true)
      .describe("No keys: Bahi's local test checkout (only when the server has no Razorpay keys)"),
  }),
  z.object({
    testMode: z.literal(false).optional(),
    keyId: text(60, "Key ID").regex(
      RAZORPAY_KEY_ID,
      "Enter the Key ID from Razorpay's dashboard (rzp_live_… or rzp_test_…).",
    ),
    keySecret: text(200, "Key secret")
      .optional()
      .describe("Required when connecting; leave out to keep the saved one"),
    webhookSecret: text(200, "Webhook secret")
      .optional()
      .describe("Required when connecting; leave out to keep the saved one"),
  }),
]);
export type GatewayConnectBody = z.output<typeof gatewayConnectBody>;

export const gatewayAnswer = z.object({
  connected: z.boolean(),
  testMode: z.boolean(),
  /** Whether this server can offer the test checkout (it has no Razorpay keys of its own). */
  testModeAvailable: z.boolean(),
  keyId: z.string().nullable(),
  keySecretMasked: z.string().nullable(),
  webhookSecretSet: z.boolean(),
  /** Where Razorpay must send this business's payment events. */
  webhookUrl: z.string().nullable(),
});
export type GatewayAnswer = z.output<typeof gatewayAnswer>;

const gateway = routeGroup("Online payments");
export const paymentGatewayRoutes = [
  gateway.get("/api/settings/payment-gateway", "The business's own Razorpay account, secrets masked", {
    responses: { 200: gatewayAnswer },
  }),
  gateway.put("/api/settings/payment-gateway", "Connect or update the business's own Razorpay account", {
    body: gatewayConnectBody,
    responses: { 200: gatewayAnswer },
  }),
  gateway.delete("/api/settings/payment-gateway", "Disconnect the business's Razorpay account", {
    responses: { 200: gatewayAnswer },
  }),
];

export const reminderSettingsSchema = z.object({
  enabled: z.boolean(),
  daysBefore: z.number("Days before must be a number.").int().min(0).max(60, "At most 60 days before."),
  onDueDate: z.boolean(),
  everyDaysAfter: z.number("Days after must be a number.").int().min(0).max(90, "At most every 90 days."),
  maxReminders: z
    .number("At most how many must be a number.")
    .int()
    .min(1, "At least 1.")
    .max(10, "At most 10."),
});
export type ReminderSettingsAnswer = z.output<typeof reminderSettingsSchema>;

const template = (max: number, label: string) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .min(1, `${label} cannot be empty.`)
    .max(max, `${label} can have at most ${max} characters.`);

/** Settings → E-mail templates; placeholders such as {client_name} are filled when a mail is made. */
export const mailTemplatesSchema = z.object({
  sendSubject: template(200, "The subject"),
  sendMessage: template(5000, "The message"),
  reminderSubject: template(200, "The reminder's subject"),
  reminderMessage: template(5000, "The reminder's message"),
});

const reminders = routeGroup("Reminders");
export const reminderRoutes = [
  reminders.get(
    "/api/settings/mail-templates",
    "The subject and message of e-mails about invoices (sending one, payment reminders)",
    { responses: { 200: mailTemplatesSchema } },
  ),
  reminders.put(
    "/api/settings/mail-templates",
    "Change the e-mail templates (placeholders: {client_name}, {invoice_number}, {amount}, {due_date}, {link}, {business_name}; reminders also {reminder}, {is_was})",
    { body: mailTemplatesSchema, responses: { 200: mailTemplatesSchema } },
  ),
  reminders.get("/api/settings/reminders", "Payment reminders: on or off, and their schedule", {
    responses: { 200: reminderSettingsSchema },
  }),
  reminders.put("/api/settings/reminders", "Switch payment reminders on or off and set their schedule", {
    body: reminderSettingsSchema,
    responses: { 200: reminderSettingsSchema },
  }),
  reminders.post("/api/invoices/:id/reminders", "Stop (or allow again) payment reminders for one invoice", {
    params: z.object({ id: z.string().min(1).max(64) }),
    body: z.object({ off: z.boolean() }),
    responses: { 200: z.object({ remindersOff: z.boolean() }) },
  }),
];
