import { describe, expect, it } from "vitest";
import { companyAddressForEInvoice, parseCompanyAddress } from "./company-address";
import { PLACES_OF_SUPPLY } from "./gst-states";

// The seller's address in the e-invoice (issue 32 part 3, decision 0082): one address from every
// state and union territory, written the ways people write them, read into Addr1, Addr2, Loc,
// Pin and the state.

type Case = [code: string, text: string, address1: string, address2: string, location: string, pin: string];

const CASES: Case[] = [
  [
    "01",
    "Lal Chowk, Residency Road\nSrinagar 190001\nJammu and Kashmir",
    "Lal Chowk, Residency Road",
    "",
    "Srinagar",
    "190001",
  ],
  ["02", "Mall Road, Shimla, Himachal Pradesh 171001", "Mall Road", "", "Shimla", "171001"],
  [
    "03",
    "SCO 12, Ranjit Avenue\nAmritsar - 143001\nPunjab, India",
    "SCO 12, Ranjit Avenue",
    "",
    "Amritsar",
    "143001",
  ],
  [
    "04",
    "SCO 45, Sector 17\nNear Market\nChandigarh 160017\nChandigarh",
    "SCO 45, Sector 17",
    "Near Market",
    "Chandigarh",
    "160017",
  ],
  ["05", "Rajpur Road\nDehradun 248001\nUttarakhand", "Rajpur Road", "", "Dehradun", "248001"],
  [
    "06",
    "Plot 7, Udyog Vihar Phase 4\nGurugram, Haryana 122015",
    "Plot 7, Udyog Vihar Phase 4",
    "",
    "Gurugram",
    "122015",
  ],
  [
    "07",
    "14 Janpath\nConnaught Place\nNew Delhi 110001\nDelhi",
    "14 Janpath",
    "Connaught Place",
    "New Delhi",
    "110001",
  ],
  ["08", "MI Road, Jaipur 302001, Rajasthan", "MI Road", "", "Jaipur", "302001"],
  ["09", "Hazratganj\nLucknow 226001\nUttar Pradesh\nIndia", "Hazratganj", "", "Lucknow", "226001"],
  ["10", "Fraser Road\nPatna 800001\nBihar", "Fraser Road", "", "Patna", "800001"],
  ["11", "MG Marg\nGangtok, Sikkim - 737101", "MG Marg", "", "Gangtok", "737101"],
  ["12", "Ganga Market\nItanagar 791111\nArunachal Pradesh", "Ganga Market", "", "Itanagar", "791111"],
  ["13", "Circular Road\nDimapur 797112\nNagaland", "Circular Road", "", "Dimapur", "797112"],
  ["14", "Thangal Bazar\nImphal 795001\nManipur", "Thangal Bazar", "", "Imphal", "795001"],
  ["15", "Zarkawt\nAizawl 796007\nMizoram", "Zarkawt", "", "Aizawl", "796007"],
  [
    "16",
    "Hari Ganga Basak Road\nAgartala 799001\nTripura",
    "Hari Ganga Basak Road",
    "",
    "Agartala",
    "799001",
  ],
  ["17", "Police Bazar\nShillong 793001\nMeghalaya", "Police Bazar", "", "Shillong", "793001"],
  [
    "18",
    "GS Road, Christian Basti\nGuwahati 781005\nAssam",
    "GS Road, Christian Basti",
    "",
    "Guwahati",
    "781005",
  ],
  ["19", "22 Park Street\nKolkata 700016\nWest Bengal, India", "22 Park Street", "", "Kolkata", "700016"],
  ["20", "Main Road\nRanchi 834001\nJharkhand", "Main Road", "", "Ranchi", "834001"],
  ["21", "Janpath, Unit 3\nBhubaneswar 751001\nOdisha", "Janpath, Unit 3", "", "Bhubaneswar", "751001"],
  ["22", "GE Road\nRaipur 492001\nChhattisgarh", "GE Road", "", "Raipur", "492001"],
  ["23", "MP Nagar Zone 1\nBhopal 462011\nMadhya Pradesh", "MP Nagar Zone 1", "", "Bhopal", "462011"],
  [
    "24",
    "CG Road, Navrangpura\nAhmedabad 380009\nGujarat",
    "CG Road, Navrangpura",
    "",
    "Ahmedabad",
    "380009",
  ],
  [
    "26",
    "Kachigam Road\nDaman 396210\nDadra and Nagar Haveli and Daman and Diu",
    "Kachigam Road",
    "",
    "Daman",
    "396210",
  ],
  [
    "27",
    "12, Linking Road\nBandra West\nMumbai 400050\nMaharashtra, India",
    "12, Linking Road",
    "Bandra West",
    "Mumbai",
    "400050",
  ],
  ["29", "4 Residency Road, Bengaluru, Karnataka 560025", "4 Residency Road", "", "Bengaluru", "560025"],
  ["30", "18th June Road\nPanaji, Goa 403001", "18th June Road", "", "Panaji", "403001"],
  ["31", "Near Jetty\nKavaratti 682555\nLakshadweep", "Near Jetty", "", "Kavaratti", "682555"],
  ["32", "MG Road\nErnakulam, Kochi 682011\nKerala", "MG Road", "Ernakulam", "Kochi", "682011"],
  ["33", "Anna Salai\nChennai 600 002\nTamil Nadu", "Anna Salai", "", "Chennai", "600002"],
  ["34", "Mission Street\nPuducherry 605001", "Mission Street", "", "Puducherry", "605001"],
  [
    "35",
    "Aberdeen Bazaar\nPort Blair 744101\nAndaman and Nicobar Islands",
    "Aberdeen Bazaar",
    "",
    "Port Blair",
    "744101",
  ],
  [
    "36",
    "Road No. 36, Jubilee Hills\nHyderabad 500033\nTelangana",
    "Road No. 36, Jubilee Hills",
    "",
    "Hyderabad",
    "500033",
  ],
  [
    "37",
    "MG Road, Labbipet\nVijayawada 520010\nAndhra Pradesh",
    "MG Road, Labbipet",
    "",
    "Vijayawada",
    "520010",
  ],
  ["38", "Main Bazaar\nLeh, Ladakh 194101", "Main Bazaar", "", "Leh", "194101"],
];

/** The address `text` reads as the case says. */
function expectRead([code, text, address1, address2, location, pin]: Case) {
  expect(parseCompanyAddress(text)).toEqual({ address1, address2, location, pin, stateCode: code });
}

describe("parseCompanyAddress: an address from every state and UT", () => {
  it("covers every place of supply in India", () => {
    const inIndia = PLACES_OF_SUPPLY.map((s) => s.code).filter((c) => c !== "96" && c !== "97");
    expect(CASES.map(([code]) => code)).toEqual(inIndia);
  });

  for (const c of CASES) it(`${c[0]}: ${c[4]}`, () => expectRead(c));

  it("keeps the cases the issue found: New Delhi whole, Chandigarh's second line kept", () => {
    expect(parseCompanyAddress("Shop 4, Janpath\nNew Delhi 110001\nDelhi").location).toBe("New Delhi");
    expect(parseCompanyAddress("Plot 12\nNear Market\nChandigarh 160017\nChandigarh")).toMatchObject({
      address2: "Near Market",
      location: "Chandigarh",
    });
  });

  it("reads a city named only on the line before the PIN, and says when there is no PIN", () => {
    expectRead([
      "04",
      "Plot 7\nSector 17\nChandigarh\n160017",
      "Plot 7",
      "Sector 17",
      "Chandigarh",
      "160017",
    ]);
    expect(parseCompanyAddress("12 Linking Road\nMumbai").pin).toBeNull();
  });
});

describe("companyAddressForEInvoice", () => {
  it("takes the fields from Settings when they are given, else reads the text", () => {
    const parts = { line1: "14 Janpath", line2: "", city: "New Delhi", pin: "110001", stateCode: "07" };
    expect(companyAddressForEInvoice({ address: "anything", addressParts: parts })).toEqual({
      address1: "14 Janpath",
      address2: "",
      location: "New Delhi",
      pin: "110001",
      stateCode: "07",
    });
    expect(companyAddressForEInvoice({ address: "14 Janpath\nNew Delhi 110001" }).location).toBe("New Delhi");
  });
});
