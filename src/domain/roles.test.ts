import { describe, expect, it } from "vitest";
import {
  BUSINESS_ACTIONS,
  type BusinessAction,
  cappedRole,
  INVITATION_MS,
  invitationState,
  leavesNoOwner,
  mayGrant,
  refusalMessage,
  roleMay,
} from "./roles";

// Issue 31's roles as the table says them (decision 0076).

describe("the role table", () => {
  it("an owner may do everything", () => {
    expect(BUSINESS_ACTIONS.filter((a) => !roleMay("owner", a))).toEqual([]);
  });

  /** What a role may do and what it may not, as the table says it. */
  const TABLE: Record<"accountant" | "staff", { may: BusinessAction[]; mayNot: BusinessAction[] }> = {
    // Reads, downloads, reports, records payments and notes; changes no settings, members or bank,
    // deletes nothing.
    accountant: {
      may: ["business.read", "pdf.download", "reports.read", "payments.record", "credit-notes.write"],
      mayNot: [
        "settings.write",
        "members.manage",
        "bank.manage",
        "payments.delete",
        "data.clear",
        "data.import",
        "credits.buy",
        "documents.write",
      ],
    },
    // Writes and issues documents, records payments, manages clients and products; no settings,
    // credits purchase, keys, reports or data.
    staff: {
      may: ["documents.write", "payments.record", "clients.manage", "products.manage", "pdf.download"],
      mayNot: [
        "settings.write",
        "credits.buy",
        "api-keys.manage",
        "reports.read",
        "data.clear",
        "data.import",
        "bank.read",
        "members.manage",
        "credit-notes.write",
      ],
    },
  };

  it.each(Object.entries(TABLE))("%s: may what the table allows, nothing it forbids", (role, t) => {
    const r = role as keyof typeof TABLE;
    expect(t.may.filter((a) => !roleMay(r, a))).toEqual([]);
    expect(t.mayNot.filter((a) => roleMay(r, a))).toEqual([]);
  });

  it("a refusal names the role and who to ask", () => {
    expect(refusalMessage("staff", "reports.read")).toBe(
      "Staff cannot see reports or export data. Ask an owner of this business.",
    );
  });
});

describe("API keys and grants", () => {
  it("a key acts within its maker's role today", () => {
    expect(cappedRole("owner", "owner")).toBe("owner");
    expect(cappedRole("owner", "staff")).toBe("staff");
    expect(cappedRole("staff", "owner")).toBe("staff");
    expect(cappedRole("accountant", "accountant")).toBe("accountant");
    expect(cappedRole("accountant", "staff")).toBeNull();
    expect(cappedRole("staff", "accountant")).toBeNull();
  });

  it.each([
    ["owner", "accountant", true],
    ["accountant", "accountant", true],
    ["accountant", "owner", false],
    ["staff", "accountant", false],
  ] as const)("only an owner grants another role than their own: %s grants %s", (role, wanted, may) => {
    expect(mayGrant(role, wanted)).toBe(may);
  });
});

describe("owners and invitations", () => {
  it("the last owner cannot go", () => {
    expect(leavesNoOwner({ owners: 1, losesOwner: true })).toBe(true);
    expect(leavesNoOwner({ owners: 2, losesOwner: true })).toBe(false);
    expect(leavesNoOwner({ owners: 1, losesOwner: false })).toBe(false);
  });

  it("an invitation is pending for 7 days, unless accepted or revoked", () => {
    const sent = new Date("2026-11-01T10:00:00Z");
    const expiresAt = new Date(sent.getTime() + INVITATION_MS);
    const open = { acceptedAt: null, revokedAt: null, expiresAt };
    expect(invitationState(open, new Date("2026-11-08T09:59:59Z"))).toBe("pending");
    expect(invitationState(open, new Date("2026-11-08T10:00:00Z"))).toBe("expired");
    expect(invitationState({ ...open, revokedAt: sent }, sent)).toBe("revoked");
    expect(invitationState({ ...open, acceptedAt: sent, revokedAt: sent }, sent)).toBe("accepted");
  });
});
