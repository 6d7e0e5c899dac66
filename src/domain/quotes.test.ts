import fc from "fast-check";
import { addDays, startOfDayInTimeZone, todayInTimeZone } from "./dates";
import {
  canAccept,
  canConvert,
  canDecline,
  isQuoteStoredStatus,
  QUOTE_MESSAGES,
  QUOTE_STATUS_LABELS,
  QUOTE_STORED_STATUSES,
  quoteExpiresAt,
  quoteStatus,
} from "./quotes";

const at = (iso: string) => new Date(iso);

describe("quote status", () => {
  it("keeps a sent quote valid through the whole of its day in IST", () => {
    // Valid until 31 Dec 2026: 18:29:59Z is 23:59:59 IST on the 31st, 18:30Z is 1 Jan.
    expect(quoteStatus("sent", "2026-12-31", at("2026-12-31T18:29:59Z"), "Asia/Kolkata")).toBe("sent");
    expect(quoteStatus("sent", "2026-12-31", at("2026-12-31T18:30:00Z"), "Asia/Kolkata")).toBe("expired");
    expect(quoteStatus("sent", "2026-12-31", at("2026-12-31T18:30:00Z"))).toBe("expired");
    expect(quoteStatus("sent", "2026-12-31", at("2026-12-31T00:00:00Z"))).toBe("sent");
  });

  it("keeps it valid through its day in New York as well", () => {
    // EST: 1 Jan 2027 begins at 05:00Z.
    expect(quoteStatus("sent", "2026-12-31", at("2027-01-01T04:59:59Z"), "America/New_York")).toBe("sent");
    expect(quoteStatus("sent", "2026-12-31", at("2027-01-01T05:00:00Z"), "America/New_York")).toBe("expired");
    // EDT: 1 Jul 2026 begins at 04:00Z.
    expect(quoteStatus("sent", "2026-06-30", at("2026-07-01T03:59:59Z"), "America/New_York")).toBe("sent");
    expect(quoteStatus("sent", "2026-06-30", at("2026-07-01T04:00:00Z"), "America/New_York")).toBe("expired");
    expect(quoteExpiresAt("2026-06-30", "America/New_York").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(quoteExpiresAt("2026-12-31").toISOString()).toBe("2026-12-31T18:30:00.000Z");
  });

  it("expires only sent quotes; the others keep their status", () => {
    const late = at("2027-06-01T00:00:00Z");
    expect(quoteStatus("draft", "2026-12-31", late)).toBe("draft");
    expect(quoteStatus("accepted", "2026-12-31", late)).toBe("accepted");
    expect(quoteStatus("declined", "2026-12-31", late)).toBe("declined");
    expect(quoteStatus("converted", "2026-12-31", late)).toBe("converted");
    expect(quoteStatus("sent", null, late)).toBe("sent");
  });

  it("has a label for every status", () => {
    expect(QUOTE_STATUS_LABELS).toEqual({
      draft: "Draft",
      sent: "Sent",
      accepted: "Accepted",
      declined: "Declined",
      expired: "Expired",
      converted: "Converted",
    });
    expect(QUOTE_STORED_STATUSES.every(isQuoteStoredStatus)).toBe(true);
    expect(isQuoteStoredStatus("expired")).toBe(false);
  });

  it("expires exactly from the start of the day after, in any zone (property)", () => {
    const zones = ["Asia/Kolkata", "UTC", "America/New_York", "Europe/London", "Australia/Sydney"];
    fc.assert(
      fc.property(
        fc.date({ min: at("2000-01-01T00:00:00Z"), max: at("2090-01-01T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }),
        fc.constantFrom(...zones),
        (d, offset, zone) => {
          const validUntil = d.toISOString().slice(0, 10);
          const now = new Date(startOfDayInTimeZone(validUntil, zone).getTime() + offset);
          const expired = quoteStatus("sent", validUntil, now, zone) === "expired";
          expect(expired).toBe(todayInTimeZone(now, zone) > validUntil);
          expect(expired).toBe(now >= quoteExpiresAt(validUntil, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("accepting and declining", () => {
  const before = at("2026-12-31T12:00:00Z");
  const after = at("2027-01-02T00:00:00Z");

  it("accepts or declines a sent quote up to the end of its day", () => {
    expect(canAccept("sent", "2026-12-31", before)).toEqual({ ok: true });
    expect(canDecline("sent", "2026-12-31", before)).toEqual({ ok: true });
    expect(canAccept("sent", null, after)).toEqual({ ok: true });
  });

  it("refuses an expired quote, saying until when it was valid", () => {
    const refused = { ok: false, code: "QUOTE_EXPIRED", message: QUOTE_MESSAGES.expired("2026-12-31") };
    expect(canAccept("sent", "2026-12-31", after)).toEqual(refused);
    expect(canDecline("sent", "2026-12-31", after)).toEqual(refused);
    expect(QUOTE_MESSAGES.expired("2026-12-31")).toBe(
      "This quote was valid until 31 Dec 2026 and has expired, so the client's answer cannot be recorded.",
    );
  });

  it("refuses a declined quote, and every other status, with its own message", () => {
    expect(canAccept("declined", "2026-12-31", before)).toEqual({
      ok: false,
      code: "QUOTE_DECLINED",
      message: "This quote was declined, so it cannot be accepted. Make a new quote instead.",
    });
    expect(canAccept("draft", "2026-12-31", before)).toMatchObject({ ok: false, code: "QUOTE_NOT_SENT" });
    expect(canAccept("accepted", "2026-12-31", before)).toMatchObject({ ok: false, code: "QUOTE_ACCEPTED" });
    expect(canAccept("converted", "2026-12-31", before)).toMatchObject({
      ok: false,
      code: "QUOTE_CONVERTED",
    });
    expect(canDecline("declined", "2026-12-31", before)).toMatchObject({
      ok: false,
      message: "This quote is already declined.",
    });
    expect(canDecline("accepted", "2026-12-31", before)).toMatchObject({
      ok: false,
      message: "This quote was accepted, so it cannot be declined.",
    });
    expect(canDecline("draft", "2026-12-31", before)).toMatchObject({ ok: false, code: "QUOTE_NOT_SENT" });
  });

  it("allows an answer exactly when the quote shows as sent (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUOTE_STORED_STATUSES),
        fc.option(fc.integer({ min: -5, max: 5 })),
        fc.date({ min: at("2020-01-01T00:00:00Z"), max: at("2040-01-01T00:00:00Z"), noInvalidDate: true }),
        (stored, days, now) => {
          const validUntil = days === null ? null : addDays(todayInTimeZone(now, "Asia/Kolkata"), days);
          const shown = quoteStatus(stored, validUntil, now);
          expect(canAccept(stored, validUntil, now).ok).toBe(shown === "sent");
          expect(canDecline(stored, validUntil, now).ok).toBe(shown === "sent");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("converts an accepted quote only, once", () => {
    expect(canConvert("accepted")).toEqual({ ok: true });
    expect(canConvert("converted")).toMatchObject({ ok: false, code: "QUOTE_CONVERTED" });
    expect(canConvert("sent")).toMatchObject({ ok: false, code: "QUOTE_NOT_ACCEPTED" });
    expect(canConvert("declined")).toMatchObject({ ok: false, code: "QUOTE_NOT_ACCEPTED" });
  });
});
