/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { itMaps } from "../testing/checks";
import { csvRows, parseAmount, parseStatementDate } from "./cells";
import { parseNarration } from "./narration";
import { lineKey, parseStatement, StatementLayoutError } from "./statement";

// The banks' files as text, through Vite's raw import (the domain reads no file system).
const FIXTURES = import.meta.glob<string>("./fixtures/*", { query: "?raw", import: "default", eager: true });
const fixture = (name: string) => FIXTURES[`./fixtures/${name}`]!;

describe("amounts and dates as the banks print them", () => {
  itMaps("reads Indian grouping, TABs, Cr/Dr, parentheses and Axis's odd negative", parseAmount, [
    ["1,23,456.78", 12_345_678],
    ["\t3,11,760.00", 31_176_000],
    ["-,93,43,827.31", -934_382_731],
    ["1,500.00 Cr", 150_000],
    ["1,500.00 Dr", -150_000],
    ["(500)", -50_000],
    ["₹ 750.5", 75_050],
    ["", null],
    ["1.234", null],
    ["abc", null],
  ]);
  itMaps("reads day-first dates, month names and Excel serials, never month-first", parseStatementDate, [
    ["03/04/2026", "2026-04-03"],
    ["03/04/26", "2026-04-03"],
    ["03-04-2026", "2026-04-03"],
    ["1 Apr 2026", "2026-04-01"],
    ["01-APR-26", "2026-04-01"],
    ["2026-04-03", "2026-04-03"],
    ["46118", "2026-04-06"],
    ["10/04/2026 10:32:11", "2026-04-10"],
    ["31/02/2026", null],
    ["OPENING BALANCE", null],
  ]);
  it("splits quoted CSV cells with commas and doubled quotes", () => {
    expect(csvRows('a,"1,000.00","say ""hi"""\r\nb,2,3')).toEqual([
      ["a", "1,000.00", 'say "hi"'],
      ["b", "2", "3"],
    ]);
  });
});

describe("UPI and NEFT narrations", () => {
  it.each([
    {
      what: "HDFC: a VPA holding '-', the RRN and the note",
      narration: "UPI-OJAS AKLECHA-OJASAKLECHAYT-1@OKSBI-SBIN0012275-516001238743-INV2026270002",
      parts: {
        channel: "UPI",
        utr: "516001238743",
        payerName: "OJAS AKLECHA",
        payerVpa: "ojasaklechayt-1@oksbi",
        payerBank: "SBIN0012275",
        note: "INV2026270002",
      },
    },
    {
      what: "SBI: a note holding '/' stays whole",
      narration: "DEP TFR UPI/CR/612345678901/RAVI KUMAR/HDFC/ravi.k@okhdfcbank/INV/2026-27/0001",
      parts: {
        utr: "612345678901",
        payerName: "RAVI KUMAR",
        payerBank: "HDFC",
        payerVpa: "ravi.k@okhdfcbank",
        note: "INV/2026-27/0001",
      },
    },
    {
      what: "ICICI: a note cut short and holding '/', anchored on the VPA",
      narration: "UPI/612300000001/INV/2026-27/000/priya@okicici/ICICI Bank/ICIe8b1c2d3",
      parts: { utr: "612300000001", note: "INV/2026-27/000", payerVpa: "priya@okicici" },
    },
    {
      what: "Axis",
      narration: "UPI/P2A/612400000001/MEERA STORES/Kotak Mah/INV/2026-27/0003",
      parts: {
        utr: "612400000001",
        payerName: "MEERA STORES",
        payerBank: "Kotak Mah",
        note: "INV/2026-27/0003",
      },
    },
    {
      what: "Kotak",
      narration: "UPI/IndianClearingC/418352764531/PayviaRazorpay",
      parts: { utr: "418352764531", payerName: "IndianClearingC", note: "PayviaRazorpay" },
    },
    {
      what: "NEFT of SBI",
      narration: "DEP TFR NEFT*HDFC0000123*N123260401234567*ACME TRADERS",
      parts: { channel: "NEFT", utr: "N123260401234567", payerName: "ACME TRADERS" },
    },
    {
      what: "NEFT of Axis",
      narration: "NEFT/HDFCH00431068089/SHARMA AND SONS/HDFC BANK/0001Inv 1022",
      parts: { utr: "HDFCH00431068089", payerName: "SHARMA AND SONS", note: "0001Inv 1022" },
    },
    {
      what: "an unknown layout still gives its 12-digit RRN",
      narration: "BY TRANSFER 612999999999 PAYMENT",
      parts: { utr: "612999999999" },
    },
    {
      what: "an unknown layout: not part of a 16-digit number",
      narration: "BY TRANSFER 0000612999999999",
      parts: { utr: null },
    },
  ])("$what", ({ narration, parts }) => {
    expect(parseNarration(narration)).toMatchObject(parts);
  });
});

describe("each bank's statement file", () => {
  it("SBI (tab-separated, preamble, footer)", () => {
    const s = parseStatement(fixture("sbi.tsv"));
    expect(s.bank).toBe("SBI");
    expect(s.accountNumber).toBe("00000012345678901");
    expect(s.lines.map((l) => [l.txnDate, l.direction, l.amountMinor])).toEqual([
      ["2026-04-01", "CR", 118_000],
      ["2026-04-02", "DR", 50_000],
      ["2026-04-03", "CR", 2_500_000],
    ]);
    expect(s.lines[0]).toMatchObject({
      utr: "612345678901",
      note: "INV/2026-27/0001",
      balanceMinor: 1_118_000,
    });
    expect(s.problems).toEqual([]);
  });
  it("HDFC (preamble, star row, summary footer)", () => {
    const s = parseStatement(fixture("hdfc.csv"));
    expect(s.bank).toBe("HDFC");
    expect(s.accountNumber).toBe("50100123456789");
    expect(s.lines).toHaveLength(3);
    expect(s.lines[2]).toMatchObject({
      amountMinor: 75_050,
      direction: "CR",
      payerVpa: "neha.g@ybl",
      utr: "516001238744",
    });
    expect(s.problems).toEqual([]);
  });
  it.each([
    {
      what: "ICICI (zeros in the other column, a truncated note)",
      file: "icici.csv",
      bank: "ICICI",
      column: "note",
      lines: [
        ["CR", 590_000, "INV/2026-27/000"],
        ["DR", 800_000, "rent april"],
        ["CR", 10_000, "returning the a"],
      ],
    },
    {
      what: "Axis corporate (16 preamble lines, one amount column with DR/CR, TABs, totals and legend)",
      file: "axis-corporate.csv",
      bank: "Axis",
      column: "channel",
      lines: [
        ["CR", 31_176_000, "UPI"],
        ["CR", 5_000_000, "NEFT"],
        ["DR", 176_000, "IMPS"],
      ],
    },
    {
      what: "Kotak (13 rows before the header, Dr / Cr twice)",
      file: "kotak.csv",
      bank: "Kotak",
      column: "utr",
      lines: [
        ["CR", 150_000, "612500000001"],
        ["DR", 20_000, "418352764531"],
        ["CR", 472_000, "612500000003"],
      ],
    },
  ] as const)("$what", ({ file, bank, column, lines }) => {
    const s = parseStatement(fixture(file));
    expect(s.bank).toBe(bank);
    expect(s.lines.map((l) => [l.direction, l.amountMinor, l[column]])).toEqual(lines);
    expect(s.problems).toEqual([]);
  });
  it("Axis retail with Excel serial dates", () => {
    const s = parseStatement(fixture("axis-retail.csv"));
    expect(s.bank).toBe("Axis");
    expect(s.lines.map((l) => l.txnDate)).toEqual(["2026-04-06", "2026-04-07"]);
  });
  it("a newest-first file is read oldest first", () => {
    const text = fixture("hdfc.csv").split("\n");
    const [head, rows] = [text.slice(0, 7), text.slice(7, 10)];
    const s = parseStatement([...head, ...rows.reverse()].join("\n"));
    expect(s.lines.map((l) => l.txnDate)).toEqual(["2026-04-01", "2026-04-02", "2026-04-03"]);
    expect(s.problems).toEqual([]);
  });
  it("a missing row shows as a break in the running balance", () => {
    const text = fixture("kotak.csv").replace(/^2,11-04-2026.*\n/m, "");
    expect(parseStatement(text).problems).toEqual([
      { row: 15, message: "The running balance does not follow from the row before." },
    ]);
  });
  it("a file without a header row is refused", () => {
    expect(() => parseStatement("hello,world\n1,2\n")).toThrow(StatementLayoutError);
  });
  it("the same transaction keys the same in two files; without a UTR, date, amount and narration", () => {
    const a = parseStatement(fixture("sbi.tsv")).lines;
    const b = parseStatement(fixture("sbi.tsv")).lines;
    expect(a.map(lineKey)).toEqual(b.map(lineKey));
    expect(new Set(a.map(lineKey)).size).toBe(3);
    expect(lineKey(a[0]!)).toBe("utr|CR|612345678901");
  });
});

describe("MT940", () => {
  it("reads the lines in paise, joins a narration over two lines, and checks the closing balance", () => {
    const s = parseStatement(fixture("mt940.sta"));
    expect(s.bank).toBe("MT940");
    expect(s.accountNumber).toBe("50100123456789");
    expect(s.lines.map((l) => [l.txnDate, l.direction, l.amountMinor, l.utr])).toEqual([
      ["2026-04-01", "CR", 118_000, "612345678901"],
      ["2026-04-02", "DR", 50_050, "612345678902"],
      ["2026-04-03", "CR", 2_500_000, "N123260401234567"],
    ]);
    expect(s.lines[0]).toMatchObject({
      note: "INV/2026-27/0001",
      payerVpa: "ravi@okhdfcbank",
      channel: "UPI",
    });
    expect(s.problems).toEqual([]);
    const broken = fixture("mt940.sta").replace(":62F:C260403INR125679,50", ":62F:C260403INR125679,00");
    expect(parseStatement(broken).problems).toHaveLength(1);
  });
});

describe("CAMT.053", () => {
  it("reads booked entries with the payer, the note and the reference; leaves pending ones out; checks the closing balance", () => {
    const s = parseStatement(fixture("camt053.xml"));
    expect(s.bank).toBe("CAMT.053");
    expect(s.accountNumber).toBe("50100123456789");
    expect(s.lines.map((l) => [l.txnDate, l.direction, l.amountMinor, l.utr])).toEqual([
      ["2026-04-01", "CR", 118_000, "612345678901"],
      ["2026-04-02", "DR", 50_050, "612345678902"],
    ]);
    expect(s.lines[0]).toMatchObject({ payerName: "Ravi Kumar & Sons", note: "INV/2026-27/0001" });
    expect(s.problems).toEqual([]);
    const broken = fixture("camt053.xml").replace("100679.50", "100679.00");
    expect(parseStatement(broken).problems).toHaveLength(1);
  });
});
