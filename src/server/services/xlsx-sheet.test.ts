import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseStatement } from "#domain/bank-statements/statement";
import { AppError } from "../errors";
import { sniffStatement, statementText, xlsxToText } from "./xlsx-sheet";

// An ICICI net-banking workbook as Excel writes it: shared strings (one in rich-text runs), an
// inline string, numbers with float noise, an Excel date serial, an empty cell skipped by reference.

const shared = [
  "Account Number",
  "S No.",
  "Value Date",
  "Transaction Date",
  "Cheque Number",
  "Transaction Remarks",
  "Withdrawal Amount (INR )",
  "Deposit Amount (INR )",
  "Balance (INR )",
  "UPI/612300000001/INV/2026-27/000/priya@okicici/ICICI Bank/ICIe8b1c2d3",
];
const si = shared
  .map((s, i) =>
    i === 5
      ? "<si><r><t>Transaction </t></r><r><rPr><b/></rPr><t>Remarks</t></r></si>"
      : `<si><t>${s}</t></si>`,
  )
  .join("");
const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>XXXXXXXX4321 &amp; co</t></is></c></row>
<row r="2"/>
<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" t="s"><v>2</v></c><c r="C3" t="s"><v>3</v></c><c r="D3" t="s"><v>4</v></c><c r="E3" t="s"><v>5</v></c><c r="F3" t="s"><v>6</v></c><c r="G3" t="s"><v>7</v></c><c r="H3" t="s"><v>8</v></c></row>
<row r="4"><c r="A4"><v>1</v></c><c r="B4"><v>46117</v></c><c r="C4"><v>46117</v></c><c r="E4" t="s"><v>9</v></c><c r="F4"><v>0</v></c><c r="G4"><v>5900.0000000000009</v></c><c r="H4"><v>15900.1</v></c></row>
</sheetData></worksheet>`;
const workbook = () =>
  zipSync({
    "[Content_Types].xml": strToU8("<Types/>"),
    "xl/sharedStrings.xml": strToU8(`<sst>${si}</sst>`),
    "xl/worksheets/sheet1.xml": strToU8(sheet),
  });

describe("XLSX statements", () => {
  it("reads the first sheet into rows the statement parser takes", () => {
    const text = xlsxToText(workbook());
    expect(text.split("\n")[0]).toBe("Account Number\tXXXXXXXX4321 & co");
    const s = parseStatement(text);
    expect(s.bank).toBe("ICICI");
    expect(s.lines).toMatchObject([
      {
        txnDate: "2026-04-05",
        direction: "CR",
        amountMinor: 590_000,
        balanceMinor: 1_590_010,
        utr: "612300000001",
      },
    ]);
  });
  it("tells the kinds of file apart; a broken old .xls is refused with what to do", () => {
    expect(sniffStatement(workbook())).toBe("xlsx");
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]);
    expect(sniffStatement(ole)).toBe("xls");
    expect(() => statementText({ base64: Buffer.from(ole).toString("base64") })).toThrow(
      /This \.xls file is damaged \(not a compound file\)\. Open it in Excel or LibreOffice/,
    );
    expect(statementText({ base64: Buffer.from("a,b\n").toString("base64") })).toBe("a,b\n");
    expect(() => xlsxToText(strToU8("PK not a zip"))).toThrow(AppError);
  });
  it("reads an HTML table saved as .xls (SBI's and others' 'Excel' download)", () => {
    const html = `<html><body><p>Account Number : 00000012345678901</p><table border="1">
      <tr><th>Txn Date</th><th>Value Date</th><th>Description</th><th>Ref No./Cheque No.</th><th>Debit</th><th>Credit</th><th>Balance</th></tr>
      <tr><td>1 Apr 2026</td><td>1 Apr 2026</td><td>DEP TFR UPI/CR/612345678901/RAVI &amp; CO/HDFC/ravi@okhdfcbank/INV/2026-27/0001</td><td>&nbsp;</td><td></td><td>1,180.00</td><td>11,180.00</td></tr>
    </table></body></html>`;
    const s = parseStatement(statementText({ text: html }));
    expect(s.bank).toBe("SBI");
    expect(s.lines).toMatchObject([
      { amountMinor: 118_000, payerName: "RAVI & CO", note: "INV/2026-27/0001" },
    ]);
  });
});
