import fc from "fast-check";
import { COMMON_PASSWORDS } from "./common-passwords";
import { describeYesNoChecks, itMaps, type YesNoCheck } from "./testing/checks";
import {
  canonicalEmail,
  gstinCheckCharacter,
  isValidEmail,
  isValidGstin,
  isValidIfsc,
  isValidUpiId,
  newPasswordProblem,
  normalizeGstin,
  passwordProblem,
} from "./validation";

describe("isValidGstin", () => {
  it("reads a GSTIN in any case, with spaces around", () => {
    expect(normalizeGstin(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
  });

  it("refuses state codes that are not GST's", () => {
    const withState = (state: string) => {
      const first14 = `${state}AAPFU0939F1Z`;
      return first14 + gstinCheckCharacter(first14);
    };
    expect(isValidGstin(withState("38"))).toBe(true);
    expect(isValidGstin(withState("97"))).toBe(true);
    expect(isValidGstin(withState("00"))).toBe(false);
    expect(isValidGstin(withState("39"))).toBe(false);
    expect(isValidGstin(withState("98"))).toBe(false);
  });

  it("catches any single changed character", () => {
    const valid = "27AAPFU0939F1ZV";
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.constantFrom(...alphabet), (i, ch) => {
        fc.pre(valid[i] !== ch);
        const changed = valid.slice(0, i) + ch + valid.slice(i + 1);
        return !isValidGstin(changed);
      }),
      { numRuns: 1000 },
    );
  });
});

// Each yes-or-no check: the values it accepts, then the values it refuses.
const checks: YesNoCheck[] = [
  [
    "isValidGstin",
    "accepts real GSTINs (in any case) and refuses a wrong check character or shape",
    isValidGstin,
    [
      "27AAPFU0939F1ZV",
      "29AAGCB7383J1Z4",
      "24AAACC1206D1ZM",
      "09ABCDE1234F1ZY",
      "99AAAGM0289C1Z8",
      "27aapfu0939f1zv",
    ],
    [
      "27AAPFU0939F1ZW",
      "29AAGCB7383J1Z5",
      "",
      "27AAPFU0939F1Z",
      "27AAPFU0939F1ZVX",
      "27AAPF10939F1ZV",
      "27AAPFU0939F0ZV",
      "27AAPFU0939F1YV",
    ],
  ],
  [
    "isValidIfsc",
    "checks bank, zero and branch",
    isValidIfsc,
    ["SBIN0001234", "HDFC0ABC123", "sbin0001234"],
    ["SBIN1001234", "SBI00001234", "SBIN000123"],
  ],
  [
    "isValidUpiId",
    "wants handle@bank",
    isValidUpiId,
    ["shop.name@okicici", "9876543210@ybl"],
    ["shop@", "@ybl", "shop name@ybl", "shop"],
  ],
  [
    "isValidEmail",
    "accepts ordinary addresses and refuses broken ones",
    isValidEmail,
    ["owner@example.in", "a.b+tag@mail.example.co.in"],
    [
      "",
      "owner",
      "owner@",
      "@example.com",
      "owner@example",
      "own er@example.com",
      "a@b..com",
      `${"a".repeat(250)}@x.com`,
    ],
  ],
];

describeYesNoChecks(checks);

describe("passwordProblem", () => {
  it("uses the spec's minimum length message with the real minimum, 8 (DECISIONS §2)", () => {
    expect(passwordProblem("abc")).toBe("Password must be at least 8 characters.");
    expect(passwordProblem("")).toBe("Password must be at least 8 characters.");
    expect(passwordProblem("kx9#mq2")).toBe("Password must be at least 8 characters.");
    expect(passwordProblem("kx9#mq2z")).toBeNull();
  });

  it("refuses common passwords whatever their case", () => {
    const message = "This password is too common. Please choose a less common password.";
    for (const p of ["password", "12345678", "password1", "iloveyou", "admin123"]) {
      expect(passwordProblem(p)).toBe(message);
    }
    expect(passwordProblem("PassWord")).toBe(message);
    expect(passwordProblem("Admin123")).toBe(message);
  });

  it("refuses very long passwords and accepts ordinary ones", () => {
    expect(passwordProblem("x".repeat(129))).toBe("Password must be at most 128 characters.");
    expect(passwordProblem("x".repeat(128))).toBeNull();
    expect(passwordProblem("blue-ledger-42")).toBeNull();
  });

  it("keeps a list of about two hundred, all in lower case", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
  });
});

describe("newPasswordProblem", () => {
  it("says a mismatch at the confirmation first, then the password's own problem, then nothing", () => {
    expect(newPasswordProblem("abc", "abcd")).toEqual({
      field: "confirm",
      message: "New passwords do not match.",
    });
    expect(newPasswordProblem("abc", "abcd", "Passwords do not match.")).toEqual({
      field: "confirm",
      message: "Passwords do not match.",
    });
    expect(newPasswordProblem("abc", "abc")).toEqual({
      field: "password",
      message: "Password must be at least 8 characters.",
    });
    expect(newPasswordProblem("blue-ledger-42", "blue-ledger-42")).toBeNull();
  });
});

describe("canonicalEmail", () => {
  itMaps("names one mailbox however its address is written", canonicalEmail, [
    [" Meera.Iyer@Gmail.com ", "meeraiyer@gmail.com"],
    ["meera.iyer+bahi@googlemail.com", "meeraiyer@gmail.com"],
    ["Asha.Rao+invoices@example.in", "asha.rao@example.in"],
    ["+tag@example.in", "+tag@example.in"],
  ]);
});
