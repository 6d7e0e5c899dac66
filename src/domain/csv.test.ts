import { describe, expect, it } from "vitest";
import { csvCell, csvText } from "./csv";

describe("csvCell", () => {
  it("quotes commas and quotes, and guards = + - @ tab and CR cells", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("+91")).toBe("'+91");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell("-x")).toBe("'-x");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
  });

  it("leaves a plain negative number a number", () => {
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell("-1200")).toBe("-1200");
  });
});

describe("csvText", () => {
  it("writes CRLF lines after a byte-order mark, the last one ended too", () => {
    expect(
      csvText([
        ["Name", "Total"],
        ["=Kesari, Pune", "-0.40"],
      ]),
    ).toBe('\uFEFFName,Total\r\n"\'=Kesari, Pune",-0.40\r\n');
  });

  it("writes the header alone when there are no rows", () => {
    expect(csvText([["Name"]])).toBe("\uFEFFName\r\n");
  });
});
