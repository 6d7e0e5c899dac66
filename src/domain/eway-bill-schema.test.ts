// Every e-way bill Bahi builds validates against the JSON Schema written from NIC's attribute
// sheet 1.0.0621 (tests/fixtures/eway-bill-1.0.0621.schema.json; its $comment cites the source and
// lists Bahi's departures), and its arithmetic holds: items' taxable values are the bill's,
// taxable + taxes + other = total invoice value = the document's total, GSTINs pass the checksum.
import Ajv from "ajv";
import schema from "../../tests/fixtures/eway-bill-1.0.0621.schema.json";
import { buildEwayBill, type EwayBill, type EwayBillInput, ewayBillFile } from "./eway-bill";
import { schemaCheck } from "./testing/einvoice";
import {
  EWAY_SCHEMA_AJV,
  HOSUR_GODOWN,
  intraStateInvoice,
  JNPT_PORT,
  roadInvoice,
  serviceWithinState,
  TODAY,
} from "./testing/eway";
import { isValidGstin } from "./validation";

const check = schemaCheck(new Ajv(EWAY_SCHEMA_AJV).compile(schema));

/** The cases: intra, inter, export, Part A only, rail, bill of supply, challan, credit note, mixed lines. */
function fixtures(): Record<string, EwayBillInput> {
  const intra = intraStateInvoice();
  intra.lines = [
    { ...intra.lines[0], gstRatePercent: 18, igstMinor: 0, cgstMinor: 5400_00, sgstMinor: 5400_00 },
    serviceWithinState(intra.lines[0], "Fitting (labour)", 333_33, 30_00),
    {
      ...intra.lines[0],
      name: 'Nuts, 3/8" (box)',
      hsnSac: "7318",
      uqc: "BOX",
      quantity: "2.5",
      taxableMinor: 1234_56,
      gstRatePercent: 0.25,
      igstMinor: 0,
      cgstMinor: 1_54,
      sgstMinor: 1_54,
    },
  ];
  intra.totalMinor = 60_000_00 + 10_800_00 + 393_33 + 1237_64 + 3;
  const exported = { ...roadInvoice(), isExport: true };
  exported.transport = { ...exported.transport, shipTo: JNPT_PORT };
  const partA = roadInvoice();
  partA.transport = {
    ...partA.transport,
    mode: null,
    vehicleNumber: "",
    transporterId: partA.supplier.gstin,
    transporterName: "Own",
  };
  const rail = roadInvoice();
  rail.transport = {
    ...rail.transport,
    mode: "rail",
    vehicleNumber: "",
    transportDocNumber: "1234567890",
    transportDocDate: "2026-11-17",
    dispatchFrom: HOSUR_GODOWN,
    shipTo: JNPT_PORT,
  };
  const bos = { ...roadInvoice(), kind: "bill_of_supply" as const };
  bos.lines = [{ ...bos.lines[0], gstRatePercent: 0, igstMinor: 0 }];
  bos.totalMinor = 60_000_00;
  return {
    inter: roadInvoice(),
    intra,
    exported,
    partA,
    rail,
    bos,
    challan: { ...roadInvoice(), kind: "delivery_challan", number: "DC-7", challanReason: "other" },
    creditNote: { ...roadInvoice(), kind: "credit_note", number: "CN/26-27/0001" },
    // A challan's consignee (decision 0090): an unregistered godown is the "to" party (URP).
    challanConsignee: {
      ...roadInvoice(),
      kind: "delivery_challan",
      number: "DC-8",
      challanReason: "job_work",
      recipientIsConsignee: true,
      recipient: { gstin: "", name: "Ravi Godown", stateCode: "33", address: HOSUR_GODOWN },
    },
  };
}

const bills = Object.entries(fixtures()).map(([name, input]) => {
  const result = buildEwayBill(input, TODAY);
  if (!result.ok) throw new Error(`${name}: ${result.problems.join("; ")}`);
  return [name, input, result.bill] as const;
});

const paise = (rupees: number) => Math.round(rupees * 100);

describe.each(bills)("%s", (_name, input, bill) => {
  it("validates against the schema, alone and in a bulk file", () => {
    expect(check(ewayBillFile([bill]))).toEqual({ valid: true, errors: [] });
  });

  it("adds up: items, values and the document's total, to the paisa", () => {
    const items = bill.itemList.reduce((a, i) => a + paise(i.taxableAmount), 0);
    expect(items).toBe(paise(bill.totalValue));
    const sum = [
      bill.totalValue,
      bill.cgstValue,
      bill.sgstValue,
      bill.igstValue,
      bill.cessValue,
      bill.TotNonAdvolVal,
      bill.OthValue,
    ]
      .map(paise)
      .reduce((a, b) => a + b, 0);
    expect(sum).toBe(paise(bill.totInvValue));
    expect(paise(bill.totInvValue)).toBe(input.totalMinor);
    for (const amount of [bill.totalValue, bill.igstValue, bill.OthValue, bill.totInvValue])
      expect(Math.abs(amount * 100 - Math.round(amount * 100))).toBeLessThan(1e-6);
  });

  it("GSTINs pass their checksum; intra-state has CGST + SGST only, inter-state IGST only", () => {
    for (const g of [bill.userGstin, bill.fromGstin, bill.toGstin])
      expect(g === "URP" || isValidGstin(g), g).toBe(true);
    if (bill.igstValue > 0) expect(bill.cgstValue + bill.sgstValue).toBe(0);
    if (bill.cgstValue > 0) expect([bill.igstValue, bill.cgstValue]).toEqual([0, bill.sgstValue]);
  });
});

describe("the schema refuses what NIC would", () => {
  const good = () => structuredClone(bills[0][2]) as EwayBill & Record<string, unknown>;
  const errors = (bill: unknown, version = "1.0.0621") =>
    check({ version, billLists: [bill] }).errors.map((e) => `${e.instancePath} ${e.keyword}`);

  it("the API's key names instead of the bulk file's, and a missing required field", () => {
    const b = good();
    b.transactionType = b.transType;
    delete (b as Partial<EwayBill>).transType;
    expect(errors(b)).toEqual(["/billLists/0 required", "/billLists/0 additionalProperties"]);
  });

  it("strings for numbers, a 5-digit PIN, 4,001 km, a date not dd/mm/yyyy, 3 decimals", () => {
    const b = good();
    Object.assign(b, {
      fromPincode: "560058",
      toPincode: 41102,
      transDistance: 4001,
      docDate: "2026-11-16",
      totInvValue: 70800.001,
    });
    expect(errors(b)).toEqual([
      "/billLists/0/docDate pattern",
      "/billLists/0/fromPincode type",
      "/billLists/0/toPincode minimum",
      "/billLists/0/totInvValue multipleOf",
      "/billLists/0/transDistance maximum",
    ]);
  });

  it("enums: doc type, transaction type, UQC, rates; the version", () => {
    const b = good();
    Object.assign(b, { docType: "CRN", transType: "1" });
    b.itemList[0] = { ...b.itemList[0], qtyUnit: "KG", igstRate: 7 };
    expect(errors(b, "1.0.1118")).toEqual([
      "/version const",
      "/billLists/0/docType enum",
      "/billLists/0/transType type",
      "/billLists/0/transType enum",
      "/billLists/0/itemList/0/qtyUnit enum",
      "/billLists/0/itemList/0/igstRate enum",
    ]);
  });
});
