import { DomainError } from "./errors";

export interface Currency {
  code: string;
  symbol: string;
  name: string;
  /** ISO 4217 minor-unit exponent: 2 for INR (paise), 0 for JPY. */
  exponent: number;
  /** Plural, as used in amounts in words ("Fifty Paise"). */
  minorName: string;
  /** As used in amounts in words ("Rupees One Only"); invoices use the plural even for one. */
  majorNamePlural: string;
}

// Symbols are what a reader of that currency expects on an invoice. Where several currencies share
// "$" or "¥" the prefixed form tells them apart. AED and SAR use their codes and BDT "Tk", because
// the Arabic and Bengali signs are in none of the bundled PDF fonts.
const CURRENCY_TABLE = [
  {
    code: "USD",
    symbol: "$",
    name: "US Dollar",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "US Dollars",
  },
  { code: "EUR", symbol: "€", name: "Euro", exponent: 2, minorName: "Cents", majorNamePlural: "Euros" },
  {
    code: "GBP",
    symbol: "£",
    name: "British Pound",
    exponent: 2,
    minorName: "Pence",
    majorNamePlural: "Pounds Sterling",
  },
  {
    code: "INR",
    symbol: "₹",
    name: "Indian Rupee",
    exponent: 2,
    minorName: "Paise",
    majorNamePlural: "Rupees",
  },
  {
    code: "CAD",
    symbol: "C$",
    name: "Canadian Dollar",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "Canadian Dollars",
  },
  {
    code: "AUD",
    symbol: "A$",
    name: "Australian Dollar",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "Australian Dollars",
  },
  {
    code: "JPY",
    symbol: "¥",
    name: "Japanese Yen",
    exponent: 0,
    minorName: "Sen",
    majorNamePlural: "Japanese Yen",
  },
  {
    code: "CNY",
    symbol: "CN¥",
    name: "Chinese Yuan",
    exponent: 2,
    minorName: "Fen",
    majorNamePlural: "Chinese Yuan",
  },
  {
    code: "CHF",
    symbol: "CHF",
    name: "Swiss Franc",
    exponent: 2,
    minorName: "Rappen",
    majorNamePlural: "Swiss Francs",
  },
  {
    code: "NZD",
    symbol: "NZ$",
    name: "New Zealand Dollar",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "New Zealand Dollars",
  },
  {
    code: "SEK",
    symbol: "kr",
    name: "Swedish Krona",
    exponent: 2,
    minorName: "Öre",
    majorNamePlural: "Swedish Kronor",
  },
  {
    code: "KRW",
    symbol: "₩",
    name: "South Korean Won",
    exponent: 0,
    minorName: "Jeon",
    majorNamePlural: "South Korean Won",
  },
  {
    code: "SGD",
    symbol: "S$",
    name: "Singapore Dollar",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "Singapore Dollars",
  },
  {
    code: "NOK",
    symbol: "kr",
    name: "Norwegian Krone",
    exponent: 2,
    minorName: "Øre",
    majorNamePlural: "Norwegian Kroner",
  },
  {
    code: "MXN",
    symbol: "MX$",
    name: "Mexican Peso",
    exponent: 2,
    minorName: "Centavos",
    majorNamePlural: "Mexican Pesos",
  },
  {
    code: "BRL",
    symbol: "R$",
    name: "Brazilian Real",
    exponent: 2,
    minorName: "Centavos",
    majorNamePlural: "Brazilian Reais",
  },
  {
    code: "RUB",
    symbol: "₽",
    name: "Russian Ruble",
    exponent: 2,
    minorName: "Kopecks",
    majorNamePlural: "Russian Rubles",
  },
  {
    code: "ZAR",
    symbol: "R",
    name: "South African Rand",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "South African Rand",
  },
  {
    code: "TRY",
    symbol: "₺",
    name: "Turkish Lira",
    exponent: 2,
    minorName: "Kuruş",
    majorNamePlural: "Turkish Lira",
  },
  {
    code: "AED",
    symbol: "AED",
    name: "UAE Dirham",
    exponent: 2,
    minorName: "Fils",
    majorNamePlural: "UAE Dirhams",
  },
  {
    code: "HKD",
    symbol: "HK$",
    name: "Hong Kong Dollar",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "Hong Kong Dollars",
  },
  {
    code: "THB",
    symbol: "฿",
    name: "Thai Baht",
    exponent: 2,
    minorName: "Satang",
    majorNamePlural: "Thai Baht",
  },
  {
    code: "PHP",
    symbol: "₱",
    name: "Philippine Peso",
    exponent: 2,
    minorName: "Centavos",
    majorNamePlural: "Philippine Pesos",
  },
  {
    code: "IDR",
    symbol: "Rp",
    name: "Indonesian Rupiah",
    exponent: 2,
    minorName: "Sen",
    majorNamePlural: "Indonesian Rupiah",
  },
  {
    code: "MYR",
    symbol: "RM",
    name: "Malaysian Ringgit",
    exponent: 2,
    minorName: "Sen",
    majorNamePlural: "Malaysian Ringgit",
  },
  {
    code: "VND",
    symbol: "₫",
    name: "Vietnamese Dong",
    exponent: 0,
    minorName: "Hào",
    majorNamePlural: "Vietnamese Dong",
  },
  {
    code: "PLN",
    symbol: "zł",
    name: "Polish Zloty",
    exponent: 2,
    minorName: "Groszy",
    majorNamePlural: "Polish Zloty",
  },
  {
    code: "CZK",
    symbol: "Kč",
    name: "Czech Koruna",
    exponent: 2,
    minorName: "Haléřů",
    majorNamePlural: "Czech Koruna",
  },
  {
    code: "HUF",
    symbol: "Ft",
    name: "Hungarian Forint",
    exponent: 2,
    minorName: "Fillér",
    majorNamePlural: "Hungarian Forints",
  },
  {
    code: "ILS",
    symbol: "₪",
    name: "Israeli New Shekel",
    exponent: 2,
    minorName: "Agorot",
    majorNamePlural: "Israeli New Shekels",
  },
  {
    code: "CLP",
    symbol: "CLP$",
    name: "Chilean Peso",
    exponent: 0,
    minorName: "Centavos",
    majorNamePlural: "Chilean Pesos",
  },
  {
    code: "ARS",
    symbol: "AR$",
    name: "Argentine Peso",
    exponent: 2,
    minorName: "Centavos",
    majorNamePlural: "Argentine Pesos",
  },
  {
    code: "COP",
    symbol: "COL$",
    name: "Colombian Peso",
    exponent: 2,
    minorName: "Centavos",
    majorNamePlural: "Colombian Pesos",
  },
  {
    code: "SAR",
    symbol: "SAR",
    name: "Saudi Riyal",
    exponent: 2,
    minorName: "Halalas",
    majorNamePlural: "Saudi Riyals",
  },
  {
    code: "EGP",
    symbol: "E£",
    name: "Egyptian Pound",
    exponent: 2,
    minorName: "Piastres",
    majorNamePlural: "Egyptian Pounds",
  },
  {
    code: "NGN",
    symbol: "₦",
    name: "Nigerian Naira",
    exponent: 2,
    minorName: "Kobo",
    majorNamePlural: "Nigerian Naira",
  },
  {
    code: "KES",
    symbol: "KSh",
    name: "Kenyan Shilling",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "Kenyan Shillings",
  },
  {
    code: "GHS",
    symbol: "₵",
    name: "Ghanaian Cedi",
    exponent: 2,
    minorName: "Pesewas",
    majorNamePlural: "Ghanaian Cedis",
  },
  {
    code: "UAH",
    symbol: "₴",
    name: "Ukrainian Hryvnia",
    exponent: 2,
    minorName: "Kopiyok",
    majorNamePlural: "Ukrainian Hryvnias",
  },
  {
    code: "PKR",
    symbol: "Rs",
    name: "Pakistani Rupee",
    exponent: 2,
    minorName: "Paisa",
    majorNamePlural: "Pakistani Rupees",
  },
  {
    code: "BDT",
    symbol: "Tk",
    name: "Bangladeshi Taka",
    exponent: 2,
    minorName: "Poisha",
    majorNamePlural: "Bangladeshi Taka",
  },
  {
    code: "LKR",
    symbol: "Rs",
    name: "Sri Lankan Rupee",
    exponent: 2,
    minorName: "Cents",
    majorNamePlural: "Sri Lankan Rupees",
  },
] as const satisfies readonly Currency[];

export const CURRENCIES: readonly Currency[] = CURRENCY_TABLE;

export type CurrencyCode = (typeof CURRENCY_TABLE)[number]["code"];

/** The codes as a non-empty tuple, so `z.enum(CURRENCY_CODES)` type-checks. */
export const CURRENCY_CODES = CURRENCY_TABLE.map((c) => c.code) as unknown as readonly [
  CurrencyCode,
  ...CurrencyCode[],
];

const byCode = new Map<string, Currency>(CURRENCIES.map((c) => [c.code, c]));

export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === "string" && byCode.has(code);
}

export function currencyOf(code: string): Currency {
  const currency = byCode.get(code);
  if (!currency) throw new DomainError("UNKNOWN_CURRENCY", `Unknown currency: ${String(code)}.`, "currency");
  return currency;
}
