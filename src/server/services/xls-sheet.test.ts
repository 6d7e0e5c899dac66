import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStatement } from "#domain/bank-statements/statement";
import { thrown } from "#domain/testing/thrown";
import { AppError } from "../errors";
import {
  chars,
  compoundFile,
  EOF,
  f64,
  format,
  label,
  labelSst,
  number,
  record,
  rk,
  setFatEntry,
  u16,
  u32,
  workbook,
  xf,
  xlString,
  xlsOf,
} from "../testing/xls-builder";
import { CompoundFileError, compoundStream } from "./compound-file";
import { xlsToText } from "./xls-sheet";
import { statementText } from "./xlsx-sheet";

// Old Excel (.xls) statements (decision 0093): files that xlwt and LibreOffice wrote in the banks'
// layouts read like the banks' CSVs; each BIFF8 record kind, the compound file's corners, and damaged,
// hostile and encrypted files, built record by record.

const FIXTURES = new URL("../../domain/bank-statements/fixtures/", import.meta.url);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const csv = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");
const rows = (bytes: Uint8Array) => xlsToText(bytes).split("\n");
/** What the statement parser makes of a file, without the row numbers (a CSV may differ only there). */
const linesOf = (text: string) => parseStatement(text).lines;

describe("old Excel statements written by real spreadsheet programs", () => {
  it("HDFC (xlwt): date cells, numbers and text references read as the HDFC CSV", () => {
    const text = rows(fixture("xls/hdfc.xls"));
    expect(text[7]).toBe(
      "01/04/2026\tUPI-OJAS AKLECHA-OJASAKLECHAYT-1@OKSBI-SBIN0012275-516001238743-INV2026270002\t0000516001238743\t01/04/2026\t\t2360\t102360",
    );
    expect(text[9]).toContain("\t750.50\t102110.50");
    const fromXls = parseStatement(text.join("\n"));
    const fromCsv = parseStatement(csv("hdfc.csv"));
    expect(fromXls.bank).toBe("HDFC");
    expect(fromXls.accountNumber).toBe(fromCsv.accountNumber);
    expect(fromXls.lines).toEqual(fromCsv.lines);
    expect(fromXls.lines).toHaveLength(3);
  });

  it("ICICI (xlwt): a shared string table split over CONTINUE records, Latin-1 and UTF-16 strings", () => {
    const text = rows(fixture("xls/icici.xls"));
    expect(linesOf(text.join("\n"))).toEqual(linesOf(csv("icici.csv")));
    expect(text).toContain("Account holder: JOSÉ D'SOUZA & CO, amounts in ₹");
    // The last legends sit past the first 8,224 bytes of the table: whole, in order.
    expect(text.at(-1)).toBe(
      "NACH (100)\tNational Automated Clearing House (ECS) debit or credit. This code appears in the Transaction Remarks column of the statement; call 1800 1080 quoting legend 100 for details.",
    );
    expect(text.filter((r) => /quoting legend \d+ for details\.$/.test(r))).toHaveLength(100);
  });

  it("200 HDFC lines (LibreOffice): RK, MULRK and NUMBER cells and a split table read as the same CSV", () => {
    const fromXls = parseStatement(xlsToText(fixture("xls/hdfc-long.xls")));
    const fromCsv = parseStatement(csv("xls/hdfc-long.csv"));
    expect(fromXls.lines).toHaveLength(200);
    expect(fromXls.lines).toEqual(fromCsv.lines);
    expect(fromXls.problems).toEqual([]);
  });

  it("Kotak (LibreOffice): a workbook under 4,096 bytes, read from the mini stream", () => {
    const bytes = fixture("xls/kotak.xls");
    expect(compoundStream(bytes, ["Workbook"])!.length).toBeLessThan(4096);
    expect(linesOf(xlsToText(bytes))).toEqual(linesOf(csv("kotak.csv")));
  });

  it("goes through statementText when the bytes come as base64", () => {
    const base64 = Buffer.from(fixture("xls/hdfc.xls")).toString("base64");
    expect(parseStatement(statementText({ base64 })).lines).toHaveLength(3);
  });
});

/** The SST record and its CONTINUE records from these parts of its body. */
const sst = (count: number, ...parts: number[][]) => [
  record(0x00fc, u32(count), u32(count), parts[0]!),
  ...parts.slice(1).map((p) => record(0x003c, p)),
];

describe("BIFF8 records", () => {
  it("numbers: NUMBER, RK (integer, times 100, double), MULRK; integers plain, the rest with two decimals", () => {
    const rkDouble = new DataView(f64(1180.5).buffer).getUint32(4, true);
    const text = xlsToText(
      xlsOf(
        [],
        [
          number(0, 0, 1180.0999999999999),
          rk(0, 1, (-42 << 2) | 2),
          rk(0, 2, (59050 << 2) | 3),
          rk(0, 3, rkDouble & 0xfffffffc),
          record(0x00bd, u16(1), u16(1), u16(0), u32((7 << 2) | 2), u16(0), u32((1234 << 2) | 3), u16(2)),
        ],
      ),
    );
    expect(text).toBe("1180.10\t-42\t590.50\t1180.50\n\t7\t12.34");
  });

  it("text: LABEL, LABELSST, a FORMULA's cached number, string (the STRING after it), boolean and error; BOOLERR; blanks pad", () => {
    const formula = (row: number, col: number, value: number[]) =>
      record(0x0006, u16(row), u16(col), u16(0), value, u16(0), u32(0), u16(0));
    const text = xlsToText(
      xlsOf(sst(2, [...xlString("Narration"), ...xlString("₹ received")]), [
        label(0, 0, "Date"),
        labelSst(0, 1, 0),
        labelSst(0, 2, 1),
        record(0x0201, u16(1), u16(0), u16(0)),
        record(0x00be, u16(1), u16(1), u16(0), u16(0), u16(2)),
        formula(2, 0, [...f64(99.999)]),
        formula(2, 1, [0, 0, 0, 0, 0, 0, 0xff, 0xff]),
        record(0x0207, xlString("=A3 text")),
        formula(2, 2, [1, 0, 1, 0, 0, 0, 0xff, 0xff]),
        formula(2, 3, [2, 0, 0x07, 0, 0, 0, 0xff, 0xff]),
        record(0x0205, u16(2), u16(4), u16(0), [0, 0]),
        record(0x0205, u16(2), u16(5), u16(0), [0x2a, 1]),
      ]),
    );
    expect(text).toBe("Date\tNarration\t₹ received\n\n100.00\t=A3 text\tTRUE\t#DIV/0!\tFALSE\t#N/A");
  });

  it("a shared string split over CONTINUE records re-reads its 8-bit/UTF-16 flag there; rich runs and phonetic data are skipped", () => {
    const first = "UPI/612300000001/INV/2026-";
    const rest = "27/0001 ₹";
    const rich = [...u16(4), 0x08 | 0x04, ...u16(2), ...u32(6), ...chars("Bold", false)];
    const text = xlsToText(
      xlsOf(
        sst(
          3,
          // A string cut after its first 26 characters (8-bit); its rest is UTF-16.
          [...u16(first.length + rest.length), 0, ...chars(first, false)],
          [1, ...chars(rest, true), ...rich, ...u32(0x00010002)],
          // The rich string's second run and its phonetic block run on into this record, with no flags byte.
          [...u32(0x00030004), 1, 2, 3, 4, 5, 6, ...xlString("after")],
        ),
        [labelSst(0, 0, 0), labelSst(0, 1, 1), labelSst(0, 2, 2)],
      ),
    );
    expect(text).toBe(`${first}${rest}\tBold\tafter`);
  });

  it("dates: built-in formats, the workbook's own date and time formats, DATEMODE 1904; amounts stay numbers", () => {
    const xfs = [xf(0), xf(14), xf(164), xf(165), xf(22), xf(166), xf(167), xf(20)];
    const formats = [
      format(164, "dd\\-mmm\\-yyyy;@"),
      format(165, '[$-4009]#,##0.00 "Cr";[Red]#,##0.00 "Dr"'),
      format(166, "h:mm AM/PM"),
      format(167, "mmm yy"),
    ];
    const cells = [
      number(0, 0, 46113, 1),
      number(0, 1, 46113, 2),
      number(0, 2, 46113, 3),
      number(0, 3, 46113.5, 4),
      number(0, 4, 0.75, 5),
      number(0, 5, 46113, 6),
      number(0, 6, 0.25, 7),
      number(0, 7, 46113, 0),
    ];
    expect(xlsToText(xlsOf([...formats, ...xfs], cells))).toBe(
      "01/04/2026\t01/04/2026\t46113\t01/04/2026 12:00:00\t18:00:00\t01/04/2026\t06:00:00\t46113",
    );
    const mac = xlsToText(xlsOf([record(0x0022, u16(1)), ...xfs], [number(0, 0, 44651, 1)]));
    expect(mac).toBe("01/04/2026");
    expect(
      parseStatement(["Date\tNarration\tDebit\tCredit\tBalance", `${mac}\tUPI/x\t\t10\t10`].join("\n"))
        .lines[0],
    ).toMatchObject({ txnDate: "2026-04-01" });
  });

  it("8-bit strings: Latin-1 (with Windows-1252's € at 0x80) unless CODEPAGE names another single-byte page", () => {
    const bytes = [...u16(3), 0, 0x80, 0xe9, 0xe0];
    expect(xlsToText(xlsOf([], [record(0x0204, u16(0), u16(0), u16(0), bytes)]))).toBe("€éà");
    const cyrillic = xlsOf([record(0x0042, u16(1251))], [record(0x0204, u16(0), u16(0), u16(0), bytes)]);
    expect(xlsToText(cyrillic)).toBe("Ђйа");
  });

  it("the first visible worksheet; a chart inside a sheet adds no cells", () => {
    const chart = [record(0x0809, u16(0x0600), u16(0x20), u32(0)), label(0, 0, "chart title"), EOF()];
    const bytes = workbook(
      [],
      [
        { records: [label(0, 0, "hidden")], hidden: true },
        { records: [label(0, 0, "a chart sheet")], dt: 2 },
        { records: [label(0, 0, "shown"), ...chart, label(1, 0, "after the chart")] },
      ],
    );
    expect(xlsToText(compoundFile([{ name: "Workbook", bytes }]).bytes)).toBe("shown\nafter the chart");
  });

  it("refuses a password-protected workbook and an Excel 95 one with what to do", () => {
    const encrypted = xlsOf([record(0x002f, u16(1), new Uint8Array(52))], [label(0, 0, "x")]);
    expect(() => xlsToText(encrypted)).toThrow(/password-protected: open it, remove the password/);
    const biff5 = compoundFile([{ name: "Book", bytes: workbook([], [{ records: [] }], 0x0500) }]).bytes;
    expect(() => xlsToText(biff5)).toThrow(/Excel 95/);
  });

  it("refuses a workbook whose text would pass 30 MB (one long shared string in many cells)", () => {
    const long = "x".repeat(8000);
    const cells = Array.from({ length: 4000 }, (_, i) => labelSst(i % 60_000, 0, 0));
    expect(() => xlsToText(xlsOf(sst(1, xlString(long)), cells))).toThrow(/too large/);
  });
});

describe("the compound file", () => {
  const stream = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) & 0xff);

  it("reads big streams by the FAT, small ones from the mini stream, version 4's 4 KB sectors, and a FAT listed by DIFAT sectors", () => {
    const files = [
      { name: "Workbook", bytes: stream(10_000) },
      { name: "\u0005SummaryInformation", bytes: stream(300) },
    ];
    for (const opts of [{}, { version: 4 as const }, { minFatSectors: 240 }]) {
      const file = compoundFile(files, opts);
      expect(compoundStream(file.bytes, ["Workbook"])).toEqual(stream(10_000));
      expect(compoundStream(file.bytes, ["\u0005SummaryInformation"])).toEqual(stream(300));
      expect(compoundStream(file.bytes, ["Book"])).toBeNull();
    }
    expect(compoundFile(files, { minFatSectors: 240 }).bytes.length).toBeGreaterThan(240 * 512);
  });

  it("refuses damaged files with a message: cut short, a looping chain, a chain leaving the file, a size past the end", () => {
    // Over 4,096 bytes, so the Workbook stream is in the FAT's sectors.
    const cells = Array.from({ length: 400 }, (_, i) => label(i, 0, `row ${i}`));
    const good = () => compoundFile([{ name: "Workbook", bytes: workbook([], [{ records: cells }]) }]);
    const damagedBy = (break_: (f: ReturnType<typeof good>) => Uint8Array) =>
      thrown(AppError, () => xlsToText(break_(good()))).message;
    const workbookChain = (f: ReturnType<typeof good>) => f.layout.chains.Workbook!;
    expect(damagedBy((f) => f.bytes.subarray(0, f.bytes.length - 600))).toMatch(
      /^This \.xls file is damaged \(.*\)\. Open it/,
    );
    expect(
      damagedBy((f) => {
        const chain = workbookChain(f);
        setFatEntry(f, chain[1]!, chain[0]!);
        return f.bytes;
      }),
    ).toMatch(/loops/);
    expect(
      damagedBy((f) => {
        setFatEntry(f, workbookChain(f)[0]!, 0x00fffff0);
        return f.bytes;
      }),
    ).toMatch(/outside the file/);
    expect(
      damagedBy((f) => {
        // The Workbook entry's size (entry 1 of the directory), made larger than the file.
        const dir = (f.layout.chains.directory![0]! + 1) * 512;
        f.bytes.set(u32(50_000_000), dir + 128 + 120);
        return f.bytes;
      }),
    ).toMatch(/larger than the file/);
    expect(
      damagedBy((f) => {
        // The Workbook entry's right sibling is itself.
        const dir = (f.layout.chains.directory![0]! + 1) * 512;
        f.bytes.set(u32(1), dir + 128 + 72);
        return f.bytes;
      }),
    ).toMatch(/directory tree/);
    expect(damagedBy((f) => f.bytes.fill(0, 512))).toMatch(/damaged/);
    expect(() => compoundStream(new Uint8Array(600), ["Workbook"])).toThrow(CompoundFileError);
  });

  it("refuses damaged records: one running past the stream, a missing shared string, a sheet past the end", () => {
    const truncatedRecord = compoundFile([
      {
        name: "Workbook",
        bytes: Uint8Array.from([...workbook([], [{ records: [] }]), ...u16(0x0204), ...u16(500), 1]),
      },
    ]).bytes;
    // The sheet's EOF is lost and a record says 500 bytes where none follow.
    const wb = workbook([], [{ records: [label(0, 0, "x")] }]);
    const cut = compoundFile([
      {
        name: "Workbook",
        bytes: Uint8Array.from([...wb.subarray(0, wb.length - 4), ...u16(0x0204), ...u16(500)]),
      },
    ]).bytes;
    expect(() => xlsToText(cut)).toThrow(/damaged \(a record runs past the end/);
    expect(xlsToText(truncatedRecord)).toBe("");
    expect(() => xlsToText(xlsOf([], [labelSst(0, 0, 3)]))).toThrow(/shared string that is not there/);
    const sheetless = compoundFile([{ name: "Workbook", bytes: workbook([], []) }]).bytes;
    expect(() => xlsToText(sheetless)).toThrow(/no worksheet/);
    const pastEnd = workbook([], [{ records: [] }]);
    const bound = pastEnd.findIndex((_, i) => pastEnd[i] === 0x85 && pastEnd[i + 1] === 0x00);
    pastEnd.set(u32(1_000_000), bound + 4);
    expect(() => xlsToText(compoundFile([{ name: "Workbook", bytes: pastEnd }]).bytes)).toThrow(
      /past the end/,
    );
  });
});

describe("any damage", () => {
  it("ends in the text or a message, never another error, a hang or a read past the bytes", () => {
    for (const name of ["xls/hdfc.xls", "xls/kotak.xls"]) {
      const original = fixture(name);
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(original.length - 1), fc.integer({ min: 0, max: 255 })), {
            minLength: 1,
            maxLength: 8,
          }),
          fc.nat(original.length),
          (flips, keep) => {
            const bytes = original.slice(0, Math.max(512, keep));
            for (const [at, value] of flips) if (at < bytes.length) bytes[at] = value;
            try {
              expect(typeof xlsToText(bytes)).toBe("string");
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
            }
          },
        ),
        { numRuns: 400, seed: 93 },
      );
    }
  });
});
