import { amountInWords } from "./words";

describe("amountInWords, INR", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [50, "Rupees Zero and Fifty Paise Only"],
    [100, "Rupees One Only"],
    [5, "Rupees Zero and Five Paise Only"],
    [9999999, "Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only"],
    [10000000, "Rupees One Lakh Only"],
    [12345650, "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only"],
    [
      12345678905,
      "Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only",
    ],
    [1000000000, "Rupees One Crore Only"],
    [100000000000000, "Rupees One Lakh Crore Only"],
    [10000000000000, "Rupees Ten Thousand Crore Only"],
    [1000000000000, "Rupees One Thousand Crore Only"],
    [11000, "Rupees One Hundred Ten Only"],
    [-1200, "Minus Rupees Twelve Only"],
  ])("%i paise", (minor, words) => {
    expect(amountInWords(minor, "INR")).toBe(words);
  });
});

describe("amountInWords, other currencies", () => {
  it("uses thousand, million and billion", () => {
    expect(amountInWords(123450, "USD")).toBe(
      "US Dollars One Thousand Two Hundred Thirty-Four and Fifty Cents Only",
    );
    expect(amountInWords(100000000, "USD")).toBe("US Dollars One Million Only");
    expect(amountInWords(123456789012, "EUR")).toBe(
      "Euros One Billion Two Hundred Thirty-Four Million Five Hundred Sixty-Seven Thousand Eight Hundred Ninety and Twelve Cents Only",
    );
  });

  it("has no minor part for zero-exponent currencies", () => {
    expect(amountInWords(1235, "JPY")).toBe("Japanese Yen One Thousand Two Hundred Thirty-Five Only");
    expect(amountInWords(0, "JPY")).toBe("Japanese Yen Zero Only");
    expect(amountInWords(Number.MAX_SAFE_INTEGER, "KRW")).toMatch(
      /^South Korean Won Nine Quadrillion .* Only$/,
    );
  });

  it("refuses fractional amounts", () => {
    expect(() => amountInWords(0.5, "INR")).toThrow();
  });
});
