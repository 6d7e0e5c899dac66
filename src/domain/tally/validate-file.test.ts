import { describe, expect, it } from "vitest";
import { parseXml } from "./parse";
import { readMasters, readStockMasters } from "./validate-file";

// The masters' own rules, one master kind after another: a name taken twice (Tally ignores case),
// NAME.LIST that is not the name, an ACTION other than Create.

const problemsOf = (xml: string, read: typeof readMasters | typeof readStockMasters) => {
  const found: string[] = [];
  read(parseXml(`<X>${xml}</X>`).children, (rule, where, message) =>
    found.push(`${rule} ${where}: ${message}`),
  );
  return found;
};
const master = (tag: string, name: string, listed = name, action = "Create", inner = "") =>
  `<${tag} NAME="${name}" ACTION="${action}"><NAME.LIST><NAME>${listed}</NAME></NAME.LIST>${inner}</${tag}>`;

describe("Tally masters: names and actions", () => {
  it("ledgers: a name taken twice, a NAME.LIST that differs, an action other than Create", () => {
    const sundry = "<PARENT>Sundry Debtors</PARENT>";
    const xml = [
      master("LEDGER", "Asha Traders", "Asha Traders", "Create", sundry),
      master("LEDGER", "asha traders", "Asha", "Alter", sundry),
    ].join("");
    expect(problemsOf(xml, readMasters)).toEqual([
      "M4 asha traders: NAME.LIST/NAME must equal the NAME attribute.",
      'V1 asha traders: A master must have ACTION="Create".',
      "M4 asha traders: Two ledgers have this name (Tally names ignore case).",
    ]);
  });

  it("stock items: the same rules, named as stock items", () => {
    const unit = '<UNIT NAME="Nos"><NAME>Nos</NAME></UNIT>';
    const item = (name: string) =>
      master(
        "STOCKITEM",
        name,
        name,
        "Create",
        "<BASEUNITS>Nos</BASEUNITS><RATEDETAILS.LIST><GSTRATEDUTYHEAD>IGST</GSTRATEDUTYHEAD><GSTRATE>18</GSTRATE></RATEDETAILS.LIST>",
      );
    expect(problemsOf(unit + item("Teak chair") + item("TEAK CHAIR"), readStockMasters)).toEqual([
      "M4 TEAK CHAIR: Two stock items have this name (Tally names ignore case).",
    ]);
  });
});
