// ISO 3166-1 alpha-2 codes of the countries Bahi's users most often bill abroad, by the name
// typed in an address (lower-cased, letters only), for the e-invoice's ExpDtls.CntCode
// (decision 0089). A typed two-letter code is taken as it is; an unknown name gives null.

const BY_NAME: ReadonlyMap<string, string> = new Map([
  ["unitedstates", "US"],
  ["unitedstatesofamerica", "US"],
  ["usa", "US"],
  ["america", "US"],
  ["unitedkingdom", "GB"],
  ["uk", "GB"],
  ["greatbritain", "GB"],
  ["england", "GB"],
  ["scotland", "GB"],
  ["wales", "GB"],
  ["germany", "DE"],
  ["france", "FR"],
  ["netherlands", "NL"],
  ["holland", "NL"],
  ["ireland", "IE"],
  ["italy", "IT"],
  ["spain", "ES"],
  ["belgium", "BE"],
  ["switzerland", "CH"],
  ["sweden", "SE"],
  ["norway", "NO"],
  ["denmark", "DK"],
  ["canada", "CA"],
  ["australia", "AU"],
  ["newzealand", "NZ"],
  ["japan", "JP"],
  ["china", "CN"],
  ["hongkong", "HK"],
  ["singapore", "SG"],
  ["malaysia", "MY"],
  ["thailand", "TH"],
  ["indonesia", "ID"],
  ["southkorea", "KR"],
  ["korea", "KR"],
  ["unitedarabemirates", "AE"],
  ["uae", "AE"],
  ["saudiarabia", "SA"],
  ["qatar", "QA"],
  ["kuwait", "KW"],
  ["oman", "OM"],
  ["bahrain", "BH"],
  ["southafrica", "ZA"],
  ["kenya", "KE"],
  ["nigeria", "NG"],
  ["bangladesh", "BD"],
  ["srilanka", "LK"],
  ["nepal", "NP"],
  ["russia", "RU"],
  ["brazil", "BR"],
  ["mexico", "MX"],
  ["israel", "IL"],
  ["turkey", "TR"],
  ["poland", "PL"],
]);

/** "United States" -> "US", "us" -> "US"; null when the name is not known. */
export function countryCodeOf(country: string): string | null {
  const trimmed = country.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  return BY_NAME.get(trimmed.toLowerCase().replace(/[^a-z]/g, "")) ?? null;
}
