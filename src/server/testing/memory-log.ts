import { Writable } from "node:stream";

/** A pino destination that keeps every line in memory: as text, or as parsed entries. */
export function memoryLog() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join("");
  const entries = () =>
    text()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, text, entries };
}
