import { readFileSync } from "node:fs";
import { todayInTimeZone } from "#domain/dates";
import { gstinCheckCharacter } from "#domain/validation";
import { expect, lookAt, registerForGst, test } from "./fixtures";

// The e-way bill in the browser (issue 34 part 1): the owner fills the Transport section of an
// issued invoice, saves it, downloads its e-way bill JSON, and downloads two invoices' e-way bills
// in one file from the invoice list; a challan's card; a credit note's own Transport section.

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

test("transport details saved with an invoice give its e-way bill JSON, alone or in bulk", async ({
  signedInPage: page,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await registerForGst(page, baseURL!, {
    name: "Sharma Traders",
    address: "12, Linking Road\nMumbai 400050\nMaharashtra",
    gstin: gstin("27AAPFU0939F1Z"),
    legalName: "Sharma Traders Private Limited",
  });
  const today = todayInTimeZone(new Date(), "Asia/Kolkata");
  const make = async (n: string, transport?: unknown) => {
    const res = await page.request.post("/api/invoices", {
      headers,
      data: {
        invoiceNumber: n,
        status: "due",
        invoiceDate: today,
        currency: "INR",
        client: {
          name: "Ravi",
          company: "Reliable Supplies LLP",
          gstin: gstin("29AAACR5055K1Z"),
          billingAddress: {
            line1: "4 Residency Road",
            city: "Bengaluru",
            state: "Karnataka",
            postalCode: "560025",
          },
        },
        items: [
          {
            id: "l1",
            name: "Steel almirah",
            hsnSac: "94031090",
            quantity: "4",
            rate: "20000",
            taxPercent: "18",
          },
        ],
        ...(transport ? { transport } : {}),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).invoice.id as string;
  };
  const first = await make("INV-E1");
  const second = await make("INV-E2", { mode: "road", distanceKm: 980, vehicleNumber: "MH12AB1234" });

  await page.goto(`/invoice/edit/${first}`);
  await page.getByLabel("Goods move: add the transport details for the e-way bill").check();
  await page.getByLabel("Mode of transport").selectOption("road");
  await page.getByLabel("Distance (km)").fill("980");
  await page.getByLabel("Vehicle number").fill("mh12ab9999");
  await lookAt(page, "eway-1280");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().includes(`/api/invoices/${first}`),
  );
  await page.getByRole("button", { name: "Save changes" }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  // Saved: the editor no longer says there is anything unsaved ("Save changes" stays available).
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  const card = page.getByTestId("eway-card");
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download e-way bill JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("ewaybill_INV-E1.json");
  const file = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(file.version).toBe("1.0.0621");
  expect(file.billLists[0]).toMatchObject({
    docNo: "INV-E1",
    vehicleNo: "MH12AB9999",
    transDistance: 980,
    totInvValue: 94400,
  });

  // A phone: the section fits.
  await page.setViewportSize({ width: 360, height: 800 });
  await lookAt(page, "eway-360");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The section and the card in the dark theme, to look at.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  const transport = page.getByRole("group", { name: "Transport (e-way bill)" });
  await expect(transport).toBeVisible();
  await expect(card).toBeVisible();
  await lookAt(transport, "eway-transport-dark-360");
  await lookAt(card, "eway-card-dark-360");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Bulk from the list.
  await page.goto("/invoices");
  await page.getByRole("table").getByLabel("Select INV-E1 for the e-way bill JSON").check();
  await page.getByRole("table").getByLabel("Select INV-E2 for the e-way bill JSON").check();
  const bulk = page.getByTestId("eway-bulk");
  await expect(bulk).toContainText("2 invoices selected");
  const both = page.waitForEvent("download");
  await bulk.getByRole("button", { name: "Download e-way bill JSON" }).click();
  const twice = JSON.parse(readFileSync((await (await both).path())!, "utf8"));
  expect(twice.billLists.map((b: { docNo: string }) => b.docNo).sort()).toEqual(["INV-E1", "INV-E2"]);

  // An issued delivery challan offers its own e-way bill JSON.
  const challan = await page.request.post("/api/delivery-challans", {
    headers,
    data: {
      number: null,
      date: today,
      currency: "INR",
      reason: "job_work",
      client: {
        name: "Ravi",
        gstin: gstin("29AAACR5055K1Z"),
        billingAddress: {
          line1: "4 Residency Road",
          city: "Bengaluru",
          state: "Karnataka",
          postalCode: "560025",
        },
      },
      items: [
        {
          id: "l1",
          name: "Steel almirah",
          hsnSac: "94031090",
          quantity: "4",
          rate: "20000",
          taxPercent: "18",
        },
      ],
      transport: { mode: "road", distanceKm: 980, vehicleNumber: "MH12AB1234" },
    },
  });
  expect(challan.status(), await challan.text()).toBe(201);
  const challanId = (await challan.json()).document.id as string;
  const issued = await page.request.post(`/api/delivery-challans/${challanId}/status`, {
    headers,
    data: { status: "issued" },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  await page.goto(`/delivery-challans/${challanId}`);
  const challanFile = page.waitForEvent("download");
  await page.getByTestId("eway-card").getByRole("button", { name: "Download e-way bill JSON" }).click();
  const fromChallan = JSON.parse(readFileSync((await (await challanFile).path())!, "utf8"));
  expect(fromChallan.billLists[0]).toMatchObject({
    docType: "CHL",
    subSupplyType: 4,
    vehicleNo: "MH12AB1234",
  });

  // A credit note for goods coming back names its own vehicle when issued (decision 0090).
  await page.goto(`/credit-notes/new?invoice=${second}&kind=credit`);
  await page.getByLabel("Steel almirah (invoiced 4)").fill("3");
  await page.getByLabel("Goods move: add the transport details for the e-way bill").check();
  await page.getByLabel("Mode of transport").selectOption("road");
  await page.getByLabel("Distance (km)").fill("975");
  await page.getByLabel("Vehicle number").fill("ka05mn4321");
  await page.getByRole("button", { name: "Issue credit note" }).click();
  await expect(page.getByRole("heading", { name: /Credit Note CN\// })).toBeVisible();
  const noteFile = page.waitForEvent("download");
  await page.getByTestId("eway-card").getByRole("button", { name: "Download e-way bill JSON" }).click();
  const fromNote = JSON.parse(readFileSync((await (await noteFile).path())!, "utf8"));
  expect(fromNote.billLists[0]).toMatchObject({
    supplyType: "I",
    subSupplyType: 7,
    vehicleNo: "KA05MN4321",
    transDistance: 975,
    totInvValue: 70800,
  });
});
