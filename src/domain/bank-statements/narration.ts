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

type Groups = Partial<Record<"utr" | "name" | "vpa" | "ifsc" | "bank" | "note", string>>;

const VPA = "[A-Za-z0-9._-]+@[A-Za-z0-9.]+";

// Tried in order, those of the narration's channel; the first that matches wins. Each keeps the note
// as "the rest". A UPI payment's UTR is its 12-digit RRN.
const GRAMMARS: { channels: Channel[]; bank: string; re: RegExp }[] = [
  // HDFC: UPI-<NAME>-<VPA>-<IFSC>-<RRN>-<NOTE>; the VPA itself may hold "-" (OJASAKLECHAYT-1@OKSBI) but
  // a name has a space, not "-", so the name is the shortest run before it.
  {
    channels: ["UPI"],
    bank: "HDFC",
    re: /^UPI-(?<name>.*?)-(?<vpa>[A-Za-z0-9._]+(?:-[A-Za-z0-9._]+)*@[A-Za-z0-9.]+)-(?<ifsc>[A-Z]{4}0[A-Z0-9]{6})-(?<utr>\d{12})-?(?<note>.*)$/i,
  },
  // SBI: DEP TFR UPI/CR/<RRN>/<NAME>/<BANK>/<VPA>/<NOTE>
  {
    channels: ["UPI"],
    bank: "SBI",
    re: /UPI\/CR\/(?<utr>\d{12})\/(?<name>[^/]*)\/(?<bank>[^/]*)\/(?<vpa>[^/]*)\/?(?<note>.*)$/i,
  },
  // Axis: UPI/P2A/<RRN>/<NAME>/<BANK>/<NOTE> (P2M for a merchant)
  {
    channels: ["UPI"],
    bank: "Axis",
    re: /UPI\/P2[AM]\/(?<utr>\d{12})\/(?<name>[^/]*)\/(?<bank>[^/]*)\/?(?<note>.*)$/i,
  },
  // ICICI: UPI/<RRN>/<NOTE, cut short>/<VPA>/<BANK>/<ICICI id>; the note may hold "/".
  {
    channels: ["UPI"],
    bank: "ICICI",
    re: new RegExp(`^UPI\\/(?<utr>\\d{12})\\/(?<note>.*)\\/(?<vpa>${VPA})\\/(?<bank>[^/]*)\\/[^/]*$`, "i"),
  },
  // Kotak: UPI/<NAME, cut short>/<RRN>/<NOTE>
  { channels: ["UPI"], bank: "Kotak", re: /^UPI\/(?<name>[^/]*)\/(?<utr>\d{12})\/?(?<note>.*)$/i },
  // SBI: DEP TFR NEFT*<IFSC>*<UTR>*<NAME>
  {
    channels: ["NEFT", "RTGS"],
    bank: "SBI",
    re: /(?:NEFT|RTGS)\*(?<ifsc>[A-Z]{4}0[A-Z0-9]{6})\*(?<utr>[A-Z0-9]+)\*(?<name>[^*]*)\*?(?<note>.*)$/i,
  },
  // Axis and others: NEFT/<UTR>/<NAME>/<BANK>/<REMARKS>
  {
    channels: ["NEFT", "RTGS"],
    bank: "Axis and others",
    re: /(?:NEFT|RTGS)[/-](?<utr>[A-Z0-9]{12,22})[/-](?<name>[^/]*)\/?(?<bank>[^/]*)\/?(?<note>.*)$/i,
  },
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
  for (const { channels, re } of GRAMMARS) {
    if (!channels.includes(channel)) continue;
    const g = re.exec(text)?.groups as Groups | undefined;
    if (!g?.utr) continue;
    const vpa = clean(g.vpa);
    return {
      channel,
      utr: g.utr.toUpperCase(),
      payerName: clean(g.name),
      payerVpa: vpa && /@/.test(vpa) ? vpa.toLowerCase() : null,
      payerBank: clean(g.bank ?? g.ifsc),
      note: clean(g.note),
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
