import { describe, expect, it } from "vitest";
import { displayNameOf, isSingleAddress, parseMailbox, unlinked } from "./mail-address";

describe("mail addresses", () => {
  it("one address per field: lists, line breaks and junk are refused", () => {
    expect(isSingleAddress("asha@traders.example")).toBe(true);
    for (const bad of [
      "a@x.com, b@y.com",
      "a@x.com;b@y.com",
      "a@x.com\r\nBcc: c@z.com",
      "a@x.com\n",
      "",
      "x",
    ]) {
      expect(isSingleAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("reads MAIL_FROM with a name or without", () => {
    expect(parseMailbox("Bahi <no-reply@bahi.in>")).toEqual({ name: "Bahi", address: "no-reply@bahi.in" });
    expect(parseMailbox('"Bahi, billing" <b@bahi.in>')).toEqual({
      name: "Bahi, billing",
      address: "b@bahi.in",
    });
    expect(parseMailbox("b@bahi.in")).toEqual({ name: "", address: "b@bahi.in" });
    expect(parseMailbox("Bahi <a@x.com, b@y.com>")).toBeUndefined();
  });

  it("a display name keeps to one line", () => {
    expect(displayNameOf("Acme\r\nBcc: c@z.com")).toBe("Acme Bcc: c@z.com");
    expect(displayNameOf("x".repeat(100))).toHaveLength(70);
  });

  it("a stranger's text reads the same but holds no link, domain or address to click", () => {
    const text = "Paid! See https://evil.example/pay?x=1 or www.evil.example, mail me@evil.example.";
    const out = unlinked(text);
    expect(out.replaceAll("\u200D", "")).toBe(text);
    expect(out).not.toMatch(/https?:\/\//);
    expect(out).not.toMatch(/[a-z]\.[a-z]/);
    expect(out).not.toMatch(/[a-z]@[a-z]/);
  });
});
