import Ajv from "ajv";
import schema from "../../tests/fixtures/eway-bill-1.0.0621.schema.json";
import {
  buildEwayBill,
  EWAY_MESSAGES,
  type EwayBillInput,
  ewayBillFile,
  ewayBillNotNeededReason,
  isValidVehicleNumber,
  normalizeVehicleNumber,
} from "./eway-bill";
import { describeYesNoChecks } from "./testing/checks";
import {
  BUYER_MH,
  EWAY_SCHEMA_AJV,
  HOSUR_GODOWN,
  intraStateInvoice,
  JNPT_PORT,
  roadInvoice,
  SELLER_KA,
  serviceWithinState,
  TODAY,
} from "./testing/eway";

const validate = new Ajv(EWAY_SCHEMA_AJV).compile(schema);
/** A bill built here, checked against the schema written from NIC's attribute sheet first. */
const built = (input: EwayBillInput) => {
  const result = buildEwayBill(input, TODAY);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  expect(validate(ewayBillFile([result.bill])), JSON.stringify(validate.errors)).toBe(true);
  return result.bill;
};
const refused = (input: EwayBillInput) => {
  const result = buildEwayBill(input, TODAY);
  if (result.ok) throw new Error("expected a refusal");
  return result.problems;
};

describe("an outward tax invoice by road, inter-state", () => {
  it("fills every field as NIC's bulk file wants it", () => {
    const bill = built(roadInvoice());
    expect(bill).toMatchObject({
      userGstin: SELLER_KA,
      supplyType: "O",
      subSupplyType: 1,
      docType: "INV",
      docNo: "INV/26-27/0002",
      docDate: "16/11/2026",
      transType: 1,
      fromGstin: SELLER_KA,
      fromPincode: 560058,
      fromStateCode: 29,
      actualFromStateCode: 29,
      toGstin: BUYER_MH,
      toPincode: 411026,
      toStateCode: 27,
      actualToStateCode: 27,
      totalValue: 60000,
      igstValue: 10800,
      cgstValue: 0,
      OthValue: 0,
      totInvValue: 70800,
      transMode: 1,
      transDistance: 842,
      vehicleNo: "KA01AB1234",
      vehicleType: "R",
      mainHsnCode: "73269099",
    });
    expect(bill.itemList).toEqual([
      {
        itemNo: 1,
        productName: "Steel Bracket SB-10",
        productDesc: "Steel Bracket SB-10",
        hsnCode: "73269099",
        quantity: 100,
        qtyUnit: "NOS",
        taxableAmount: 60000,
        sgstRate: 0,
        cgstRate: 0,
        igstRate: 18,
        cessRate: 0,
        cessNonAdvol: 0,
      },
    ]);
    expect(ewayBillFile([bill])).toEqual({ version: "1.0.0621", billLists: [bill] });
  });

  it("intra-state splits the rate in CGST and SGST halves; a service line and round-off are other value", () => {
    const input = intraStateInvoice();
    input.lines = [
      { ...input.lines[0], gstRatePercent: 5, igstMinor: 0, cgstMinor: 1500_00, sgstMinor: 1500_00 },
      serviceWithinState(input.lines[0], "Fitting", 1000_00, 90_00),
    ];
    input.totalMinor = 60_000_00 + 3000_00 + 1180_00 - 40;
    const bill = built(input);
    expect(bill.toGstin).toBe("URP");
    expect(bill.itemList).toHaveLength(1);
    expect(bill.itemList[0]).toMatchObject({ cgstRate: 2.5, sgstRate: 2.5, igstRate: 0 });
    expect([bill.totalValue, bill.cgstValue, bill.sgstValue, bill.OthValue, bill.totInvValue]).toEqual([
      60000, 1500, 1500, 1179.6, 64179.6,
    ]);
  });

  it("a ship-to and a dispatch-from make transaction types 2, 3 and 4, addresses from them, states of the parties", () => {
    const base = roadInvoice();
    expect(built({ ...base, transport: { ...base.transport, shipTo: JNPT_PORT } })).toMatchObject({
      transType: 2,
      toPincode: 400707,
      toStateCode: 27,
      actualToStateCode: 27,
    });
    expect(built({ ...base, transport: { ...base.transport, dispatchFrom: HOSUR_GODOWN } })).toMatchObject({
      transType: 3,
      fromPincode: 635126,
      fromStateCode: 29,
      actualFromStateCode: 33,
    });
    expect(
      built({ ...base, transport: { ...base.transport, dispatchFrom: HOSUR_GODOWN, shipTo: JNPT_PORT } })
        .transType,
    ).toBe(4);
  });

  it("an export: URP, bill-to state 99 (Other Country), ship-to the port, sub-type Export", () => {
    const input = roadInvoice();
    input.isExport = true;
    expect(refused(input)).toContain(EWAY_MESSAGES.exportShipTo);
    input.transport.shipTo = JNPT_PORT;
    expect(built(input)).toMatchObject({
      subSupplyType: 3,
      toGstin: "URP",
      toStateCode: 99,
      actualToStateCode: 27,
    });
  });
});

describe("other documents", () => {
  it("a bill of supply is BIL with zero rates", () => {
    const input = { ...roadInvoice(), kind: "bill_of_supply" as const };
    input.lines = [{ ...input.lines[0], gstRatePercent: 0, igstMinor: 0 }];
    input.totalMinor = 60_000_00;
    const bill = built(input);
    expect(bill.docType).toBe("BIL");
    expect(bill.itemList[0].igstRate).toBe(0);
  });

  it("a delivery challan is CHL with zero rates; its reason gives the sub-type; its tax is other value", () => {
    const challan = { ...roadInvoice(), kind: "delivery_challan" as const, number: "DC/0007" };
    expect(built({ ...challan, challanReason: "job_work" })).toMatchObject({
      docType: "CHL",
      subSupplyType: 4,
      igstValue: 0,
      OthValue: 10800,
      totInvValue: 70800,
    });
    const approval = built({ ...challan, challanReason: "supply_on_approval" });
    expect([approval.subSupplyType, approval.subSupplyDesc, approval.itemList[0].igstRate]).toEqual([
      8,
      "Supply on approval",
      0,
    ]);
  });

  it("a credit note (goods returned) is inward, Sales Return, from the client to the business", () => {
    const bill = built({ ...roadInvoice(), kind: "credit_note", number: "CN/26-27/0001" });
    expect(bill).toMatchObject({
      supplyType: "I",
      subSupplyType: 7,
      docType: "CHL",
      userGstin: SELLER_KA,
      fromGstin: BUYER_MH,
      fromPincode: 411026,
      fromStateCode: 27,
      toGstin: SELLER_KA,
      toPincode: 560058,
      toStateCode: 29,
      igstValue: 10800,
    });
  });

  it("a credit note's goods sent back from another address than the client's: dispatch-from (3), and received elsewhere: both (4)", () => {
    const note = { ...roadInvoice(), kind: "credit_note" as const, number: "CN/26-27/0002" };
    const depot = { name: "", line1: "Depot 2", line2: "", place: "Nashik", pin: "422007", stateCode: "27" };
    const sentFromDepot = built({ ...note, transport: { ...note.transport, shipTo: depot } });
    expect(sentFromDepot).toMatchObject({
      transType: 3,
      fromGstin: BUYER_MH,
      fromPlace: "Nashik",
      fromPincode: 422007,
      actualFromStateCode: 27,
      toPincode: 560058,
    });
    const both = built({
      ...note,
      transport: { ...note.transport, shipTo: depot, dispatchFrom: HOSUR_GODOWN },
    });
    expect(both).toMatchObject({ transType: 4, toPlace: "Hosur", toPincode: 635126, actualToStateCode: 33 });
    const receivedAtGodown = built({ ...note, transport: { ...note.transport, dispatchFrom: HOSUR_GODOWN } });
    expect(receivedAtGodown.transType).toBe(2);
  });
});

describe("Part B", () => {
  it("Part A only: no mode, no vehicle", () => {
    const input = roadInvoice();
    input.transport = { ...input.transport, mode: null, distanceKm: 842 };
    expect(built(input)).toMatchObject({ transMode: "", vehicleNo: "", vehicleType: "", transDocNo: "" });
  });

  it("rail, air and ship need the transport document number and date, not before the document", () => {
    const input = roadInvoice();
    input.transport = { ...input.transport, mode: "rail", vehicleNumber: "" };
    expect(refused(input)).toEqual([EWAY_MESSAGES.transportDoc]);
    input.transport = {
      ...input.transport,
      transportDocNumber: "1234567890",
      transportDocDate: "2026-11-15",
    };
    expect(refused(input)).toEqual([EWAY_MESSAGES.transportDocDate]);
    input.transport.transportDocDate = "2026-11-17";
    expect(built(input)).toMatchObject({
      transMode: 2,
      transDocNo: "1234567890",
      transDocDate: "17/11/2026",
      vehicleType: "R",
    });
  });

  it("road needs a vehicle number or a transporter id; over-dimensional cargo is O", () => {
    const input = roadInvoice();
    input.transport = { ...input.transport, vehicleNumber: "" };
    expect(refused(input)).toEqual([EWAY_MESSAGES.vehicleOrTransporter]);
    input.transport = {
      ...input.transport,
      transporterId: SELLER_KA,
      transporterName: "Speedy Roadways & Logistics Private Limited",
    };
    const bill = built(input);
    expect([bill.transporterId, bill.transporterName, bill.vehicleNo]).toEqual([
      SELLER_KA,
      "Speedy Roadways & Logisti",
      "",
    ]);
    expect(
      built({ ...input, transport: { ...input.transport, vehicleNumber: "KA01AB1234", vehicleType: "odc" } })
        .vehicleType,
    ).toBe("O");
  });
});

describeYesNoChecks([
  [
    "isValidVehicleNumber",
    "NIC's shapes pass, others do not",
    isValidVehicleNumber,
    ["KA12KA1234", "KA12K1234", "KA123456", "KAR1234", "KA123K1234", "KA12KAR1234", "TM1234567", "DF123456"],
    ["KA1", "1234KA12", "KA12KABC12345", "K1234567"],
  ],
]);

describe("what NIC refuses, refused with a message", () => {
  it("vehicle numbers: written NIC's way, refused when not its shape", () => {
    expect(normalizeVehicleNumber("dl-01 ab 0123")).toBe("DL01AB0123");
    const input = roadInvoice();
    input.transport.vehicleNumber = "12-AB";
    expect(refused(input)).toEqual([EWAY_MESSAGES.vehicle]);
  });

  it("a PIN code that is not 6 digits, a distance over 4,000 km, the same PIN with 0 km", () => {
    const input = roadInvoice();
    input.recipient.address.pin = "41102";
    input.transport.distanceKm = 4001;
    expect(refused(input)).toEqual([EWAY_MESSAGES.pin("client's"), EWAY_MESSAGES.distance]);
    const same = roadInvoice();
    same.recipient.address.pin = "560058";
    same.transport.distanceKm = 0;
    expect(refused(same)).toEqual([EWAY_MESSAGES.samePinDistance]);
  });

  it("a document older than 180 days, or dated after today", () => {
    expect(buildEwayBill({ ...roadInvoice(), date: "2026-05-31" }, TODAY)).toMatchObject({ ok: true });
    expect(refused({ ...roadInvoice(), date: "2026-05-30" })).toEqual([EWAY_MESSAGES.old]);
    expect(refused({ ...roadInvoice(), date: "2026-11-28" })).toEqual([EWAY_MESSAGES.future]);
  });

  it("GSTINs that fail their checksum, a bad transporter id, rates NIC does not take, a missing HSN", () => {
    const input = roadInvoice();
    input.supplier.gstin = `${SELLER_KA.slice(0, 14)}${SELLER_KA.endsWith("A") ? "B" : "A"}`;
    input.recipient.gstin = `${BUYER_MH.slice(0, 14)}${BUYER_MH.endsWith("A") ? "B" : "A"}`;
    input.transport.transporterId = "SPEEDY";
    input.lines = [
      { ...input.lines[0], gstRatePercent: 7 },
      { ...input.lines[0], hsnSac: "" },
    ];
    expect(refused(input)).toEqual([
      EWAY_MESSAGES.supplierGstin,
      EWAY_MESSAGES.recipientGstin,
      EWAY_MESSAGES.transporterId,
      EWAY_MESSAGES.rate(1, 7),
      EWAY_MESSAGES.hsn(2),
    ]);
  });

  it("unknown states and a missing address line", () => {
    const input = roadInvoice();
    input.supplier.address.line1 = "";
    input.recipient.stateCode = "";
    expect(refused(input)).toEqual([
      EWAY_MESSAGES.address("company (Settings)"),
      EWAY_MESSAGES.state("client's"),
    ]);
  });
});

describe("whether an e-way bill is needed", () => {
  const goods = [{ hsnSac: "73269099" }];
  it("above ₹50,000 of goods it is; at or below, or services only, it is not", () => {
    expect(ewayBillNotNeededReason({ totalMinor: 50_000_01, lines: goods })).toBeNull();
    expect(ewayBillNotNeededReason({ totalMinor: 50_000_00, lines: goods })).toBe(EWAY_MESSAGES.notNeeded);
    expect(ewayBillNotNeededReason({ totalMinor: 90_000_00, lines: [{ hsnSac: "998314" }] })).toBe(
      EWAY_MESSAGES.servicesOnly,
    );
  });
});
