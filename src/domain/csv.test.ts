import { describe, expect, it } from "vitest";
import { csvCell, csvText } from "./csv";

describe("CSV files", () => {
  it("guards cells a spreadsheet would run (= + - @ tab CR) and quotes commas, quotes and line breaks", () => {
    const typed = ["a,b", 'say "hi"', "=SUM(A1)", "+91", "@x", "-x", "\tcmd", "\rcmd", "line\nbreak"];
    const written = [
      '"a,b"',
      '"say ""hi"""',
      "'=SUM(A1)",
      "'+91",
      "'@x",
      "'-x",
      "'\tcmd",
      '"\'\rcmd"',
      '"line\nbreak"',
    ];
    expect(typed.map(csvCell)).toEqual(written);
  });

  it("leaves a plain number a number, a negative one too", () => {
    expect(["-12.50", "-1200", "0.40"].map(csvCell)).toEqual(["-12.50", "-1200", "0.40"]);
  });

  it("writes CRLF lines after a byte-order mark, the last one ended too; a header alone when there are no rows", () => {
    const header = ["Name", "Total"];
    expect(csvText([header, ["=Kesari, Pune", "-0.40"]])).toBe(
      '\uFEFFName,Total\r\n"\'=Kesari, Pune",-0.40\r\n',
    );
    expect(csvText([header])).toBe("\uFEFFName,Total\r\n");
  });
});
