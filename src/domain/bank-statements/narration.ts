// The parts of a bank's narration (issue 33; research: horizon-specs §2.2): the channel, the UTR
// (UPI's 12-digit RRN, or a NEFT/RTGS UTR), the payer's name, VPA, bank or IFSC, and the note the
// payer typed. `/` is SBI's and ICICI's separator and may also be in the note ("INV/2026-27/0001"),
// so each grammar anchors on its fixed leading fields (or on the VPA) and takes the rest as the note.

export type Channel = "UPI" | "NEFT" | "IMPS" | "RTGS" | "CHEQUE" | "CASH" | "CARD" | "OTHER";

export interface NarrationParts {
  channel: Channel;
  utr: string | null;
  payerName: string | null;
  payerVpa: string | null;
  payerBank: string | null;
  note: string | null;
}

type Groups = Partial<Record<"rrn" | "name" | "vpa" | "ifsc" | "bank" | "note", string>>;

const VPA = "[A-Za-z0-9._-]+@[A-Za-z0-9.]+";

// Tried in order; the first that matches wins. Each keeps the note as "the rest".
const UPI_GRAMMARS: { bank: string; re: RegExp }[] = [
  // HDFC: UPI-<NAME>-<VPA>-<IFSC>-<RRN>-<NOTE>; the VPA itself may hold "-" (OJASAKLECHAYT-1@OKSBI) but
  // a name has a space, not "-", so the name is the shortest run before it.
  {
    bank: "HDFC",
    re: /^UPI-(?<name>.*?)-(?<vpa>[A-Za-z0-9._]+(?:-[A-Za-z0-9._]+)*@[A-Za-z0-9.]+)-(?<ifsc>[A-Z]{4}0[A-Z0-9]{6})-(?<rrn>\d{12})-?(?<note>.*)$/i,
  },
  // SBI: DEP TFR UPI/CR/<RRN>/<NAME>/<BANK>/<VPA>/<NOTE>
  {
    bank: "SBI",
    re: /UPI\/CR\/(?<rrn>\d{12})\/(?<name>[^/]*)\/(?<bank>[^/]*)\/(?<vpa>[^/]*)\/?(?<note>.*)$/i,
  },
  // Axis: UPI/P2A/<RRN>/<NAME>/<BANK>/<NOTE> (P2M for a merchant)
  { bank: "Axis", re: /UPI\/P2[AM]\/(?<rrn>\d{12})\/(?<name>[^/]*)\/(?<bank>[^/]*)\/?(?<note>.*)$/i },
  // ICICI: UPI/<RRN>/<NOTE, cut short>/<VPA>/<BANK>/<ICICI id>; the note may hold "/".
  {
    bank: "ICICI",
    re: new RegExp(`^UPI\\/(?<rrn>\\d{12})\\/(?<note>.*)\\/(?<vpa>${VPA})\\/(?<bank>[^/]*)\\/[^/]*$`, "i"),
  },
  // Kotak: UPI/<NAME, cut short>/<RRN>/<NOTE>
  { bank: "Kotak", re: /^UPI\/(?<name>[^/]*)\/(?<rrn>\d{12})\/?(?<note>.*)$/i },
];

const FALLBACK_RRN = /(?<![0-9])(\d{12})(?![0-9])/;

function channelOf(narration: string): Channel {
  if (/\bUPI\b/i.test(narration)) return "UPI";
  if (/\bNEFT\b/i.test(narration)) return "NEFT";
  if (/\bIMPS\b/i.test(narration)) return "IMPS";
  if (/\bRTGS\b/i.test(narration)) return "RTGS";
  if (/\b(CLG|CHQ|CHEQUE)\b/i.test(narration)) return "CHEQUE";
  if (/\b(CASH|ATM)\b/i.test(narration)) return "CASH";
  if (/\b(POS|CARD)\b/i.test(narration)) return "CARD";
  return "OTHER";
}

const clean = (s: string | undefined) => {
  const t = (s ?? "").trim();
  return t === "" ? null : t;
};

/** The parts of one narration; what a grammar does not give is null. */
export function parseNarration(narration: string): NarrationParts {
  const text = narration.replace(/\s+/g, " ").trim();
  const channel = channelOf(text);
  if (channel === "UPI") {
    for (const { re } of UPI_GRAMMARS) {
      const g = re.exec(text)?.groups as Groups | undefined;
      if (!g?.rrn) continue;
      const vpa = clean(g.vpa);
      return {
        channel,
        utr: g.rrn,
        payerName: clean(g.name),
        payerVpa: vpa && /@/.test(vpa) ? vpa.toLowerCase() : null,
        payerBank: clean(g.bank ?? g.ifsc),
        note: clean(g.note),
      };
    }
  }
  if (channel === "NEFT" || channel === "RTGS") {
    // SBI: DEP TFR NEFT*<IFSC>*<UTR>*<NAME>; Axis and others: NEFT/<UTR>/<NAME>/<BANK>/<REMARKS>
    const star =
      /(?:NEFT|RTGS)\*(?<ifsc>[A-Z]{4}0[A-Z0-9]{6})\*(?<utr>[A-Z0-9]+)\*(?<name>[^*]*)\*?(?<note>.*)$/i.exec(
        text,
      )?.groups;
    if (star)
      return {
        channel,
        utr: star.utr!.toUpperCase(),
        payerName: clean(star.name),
        payerVpa: null,
        payerBank: star.ifsc!,
        note: clean(star.note),
      };
    const slash =
      /(?:NEFT|RTGS)[/-](?<utr>[A-Z0-9]{12,22})[/-](?<name>[^/]*)\/?(?<bank>[^/]*)\/?(?<note>.*)$/i.exec(
        text,
      )?.groups;
    if (slash)
      return {
        channel,
        utr: slash.utr!.toUpperCase(),
        payerName: clean(slash.name),
        payerVpa: null,
        payerBank: clean(slash.bank),
        note: clean(slash.note),
      };
  }
  const rrn = FALLBACK_RRN.exec(text)?.[1] ?? null;
  const vpa = new RegExp(VPA).exec(text)?.[0] ?? null;
  return {
    channel,
    utr: rrn,
    payerName: null,
    payerVpa: vpa?.toLowerCase() ?? null,
    payerBank: null,
    note: null,
  };
}
