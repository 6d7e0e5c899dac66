import { describe, expect, it } from "vitest";
import { maskSecret, secretBox } from "./secret-box";

describe("secret box", () => {
  const box = secretBox("a".repeat(64), "business-razorpay");

  it("opens what it sealed, and never holds the plaintext", () => {
    const sealed = box.seal("rzp_secret_value_123");
    expect(sealed).not.toContain("rzp_secret_value_123");
    expect(box.open(sealed)).toBe("rzp_secret_value_123");
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses a value sealed under another AUTH_SECRET or purpose, or altered", () => {
    const sealed = box.seal("secret");
    expect(() => secretBox("b".repeat(64), "business-razorpay").open(sealed)).toThrow();
    expect(() => secretBox("a".repeat(64), "other").open(sealed)).toThrow();
    // One character changed, the second last (the last may hold base64's unused bits): it was
    // chosen by the last one, so a value whose second last already was "A" stayed the same (1 in 64).
    const at = sealed.length - 2;
    const altered = `${sealed.slice(0, at)}${sealed[at] === "A" ? "B" : "A"}${sealed.slice(at + 1)}`;
    expect(altered).not.toBe(sealed);
    expect(() => box.open(altered)).toThrow();
    expect(() => box.open("plain")).toThrow();
  });

  it("masks all but the last four characters", () => {
    expect(maskSecret("abcdefgh1234")).toBe("••••1234");
  });
});
