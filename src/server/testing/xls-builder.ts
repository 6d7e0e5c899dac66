// Old Excel files built record by record for the .xls reader's tests (decision 0093): BIFF8 records
// ([MS-XLS]) and the compound file around them ([MS-CFB]), laid out plainly so a test can break one
// part (a FAT entry, a size) and see the reader refuse it.

const END = 0xfffffffe;
const FREE = 0xffffffff;
const NONE = 0xffffffff;

type Bytes = number[] | Uint8Array;
const join = (...parts: Bytes[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
export const u32 = (n: number) => [...u16(n & 0xffff), ...u16((n >>> 16) & 0xffff)];
export const f64 = (n: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, n, true);
  return b;
};
/** Characters stored 8-bit (Latin-1) or UTF-16. */
export const chars = (text: string, wide: boolean) =>
  wide ? [...text].flatMap((c) => u16(c.charCodeAt(0))) : [...text].map((c) => c.charCodeAt(0) & 0xff);
/** An XLUnicodeString: count, flags, characters. */
export const xlString = (text: string, wide = [...text].some((c) => c.charCodeAt(0) > 0xff)) => [
  ...u16(text.length),
  wide ? 1 : 0,
  ...chars(text, wide),
];

/** One record: type, length, body. */
export const record = (type: number, ...body: Bytes[]) => {
  const b = join(...body);
  return join(u16(type), u16(b.length), b);
};

export const BOF = (dt: number, version = 0x0600) => record(0x0809, u16(version), u16(dt), u16(0), u16(1997));
export const EOF = () => record(0x000a);
const cellHead = (row: number, col: number, xf: number) => [...u16(row), ...u16(col), ...u16(xf)];
export const number = (row: number, col: number, n: number, xf = 0) =>
  record(0x0203, cellHead(row, col, xf), f64(n));
export const rk = (row: number, col: number, value: number, xf = 0) =>
  record(0x027e, cellHead(row, col, xf), u32(value));
export const label = (row: number, col: number, text: string, xf = 0) =>
  record(0x0204, cellHead(row, col, xf), xlString(text));
export const labelSst = (row: number, col: number, index: number, xf = 0) =>
  record(0x00fd, cellHead(row, col, xf), u32(index));
export const xf = (formatId: number) => record(0x00e0, u16(0), u16(formatId), new Uint8Array(16));
export const format = (id: number, code: string) => record(0x041e, u16(id), xlString(code));

interface SheetSpec {
  records: Uint8Array[];
  hidden?: boolean;
  /** 0 worksheet, 2 chart. */
  dt?: number;
}

/** A Workbook stream: BOF, the globals given, a BOUNDSHEET per sheet pointing at it, EOF; then each sheet. */
export function workbook(globals: Uint8Array[], sheets: SheetSpec[], version = 0x0600): Uint8Array {
  const boundSheet = (at: number, i: number, s: SheetSpec) =>
    record(0x0085, u32(at), [s.hidden ? 1 : 0, s.dt ?? 0], [6, 0], chars(`Sheet${i}`, false));
  const head = join(BOF(5, version), ...globals);
  const bounds = sheets.map((s, i) => boundSheet(0, i, s));
  let at = head.length + bounds.reduce((n, b) => n + b.length, 0) + 4;
  const bodies = sheets.map((s) => join(BOF(s.dt === 2 ? 0x20 : 0x10, version), ...s.records, EOF()));
  const placed = sheets.map((s, i) => {
    const b = boundSheet(at, i, s);
    at += bodies[i]!.length;
    return b;
  });
  return join(head, ...placed, EOF(), ...bodies);
}

export interface CompoundLayout {
  sectorSize: number;
  /** The sectors each chain was written to, by stream name ("directory", "ministream", "minifat" too). */
  chains: Record<string, number[]>;
  fatSectors: number[];
}

/**
 * A compound file holding `streams` at its top. Streams under 4096 bytes go to the mini stream;
 * `minFatSectors` pads the FAT so that it needs DIFAT sectors past the header's 109.
 */
export function compoundFile(
  streams: { name: string; bytes: Uint8Array }[],
  opts: { version?: 3 | 4; minFatSectors?: number } = {},
): { bytes: Uint8Array; layout: CompoundLayout } {
  const version = opts.version ?? 3;
  const size = version === 3 ? 512 : 4096;
  const per = size / 4;
  const small = streams.filter((s) => s.bytes.length < 4096);
  const miniParts: number[][] = [];
  const miniFat: number[] = [];
  const miniStart = new Map<string, number>();
  for (const s of small) {
    const count = Math.ceil(s.bytes.length / 64);
    miniStart.set(s.name, count === 0 ? END : miniFat.length);
    for (let i = 0; i < count; i++) miniFat.push(i === count - 1 ? END : miniFat.length + 1);
    miniParts.push([...s.bytes, ...new Array(count * 64 - s.bytes.length).fill(0)]);
  }
  const chainsData: { name: string; bytes: Uint8Array }[] = [];
  const entries: { name: string; type: number; size: number; start: () => number }[] = [];
  const sectorsOf: Record<string, number[]> = {};
  const startOf = (name: string) => () => sectorsOf[name]?.[0] ?? END;
  const miniStream = Uint8Array.from(miniParts.flat());
  entries.push({ name: "Root Entry", type: 5, size: miniStream.length, start: startOf("ministream") });
  for (const s of streams) {
    const inMini = miniStart.has(s.name);
    entries.push({
      name: s.name,
      type: 2,
      size: s.bytes.length,
      start: inMini ? () => miniStart.get(s.name)! : startOf(s.name),
    });
    if (!inMini) chainsData.push(s);
  }
  if (miniStream.length > 0) {
    chainsData.push({ name: "ministream", bytes: miniStream });
    chainsData.push({ name: "minifat", bytes: Uint8Array.from(miniFat.flatMap(u32)) });
  }
  const directorySectors = Math.ceil((entries.length * 128) / size);
  const dataSectors =
    directorySectors + chainsData.reduce((n, c) => n + Math.max(1, Math.ceil(c.bytes.length / size)), 0);
  let fatCount = 1;
  let difatCount = 0;
  for (;;) {
    difatCount = Math.max(0, Math.ceil((fatCount - 109) / (per - 1)));
    const need = Math.max(opts.minFatSectors ?? 0, Math.ceil((dataSectors + fatCount + difatCount) / per));
    if (need <= fatCount) break;
    fatCount = need;
  }
  const fat = new Array(fatCount * per).fill(FREE);
  const fatSectors = Array.from({ length: fatCount }, (_, i) => i);
  for (const s of fatSectors) fat[s] = 0xfffffffd;
  const difatSectors = Array.from({ length: difatCount }, (_, i) => fatCount + i);
  for (const s of difatSectors) fat[s] = 0xfffffffc;
  let next = fatCount + difatCount;
  const allot = (name: string, count: number) => {
    const list = Array.from({ length: count }, (_, i) => next + i);
    list.forEach((s, i) => {
      fat[s] = i === count - 1 ? END : s + 1;
    });
    next += count;
    sectorsOf[name] = list;
  };
  allot("directory", directorySectors);
  for (const c of chainsData) allot(c.name, Math.max(1, Math.ceil(c.bytes.length / size)));

  const out = new Uint8Array((next + 1) * size);
  const header = join(
    [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    new Uint8Array(16),
    u16(0x3e),
    u16(version),
    u16(0xfffe),
    u16(version === 3 ? 9 : 12),
    u16(6),
    new Uint8Array(6),
    u32(version === 3 ? 0 : directorySectors),
    u32(fatCount),
    u32(sectorsOf.directory![0]!),
    u32(0),
    u32(4096),
    u32(sectorsOf.minifat?.[0] ?? END),
    u32(sectorsOf.minifat?.length ?? 0),
    u32(difatSectors[0] ?? END),
    u32(difatCount),
    ...Array.from({ length: 109 }, (_, i) => u32(fatSectors[i] ?? FREE)),
  );
  out.set(header, 0);
  const at = (s: number) => (s + 1) * size;
  fatSectors.forEach((s, k) => {
    out.set(Uint8Array.from(fat.slice(k * per, (k + 1) * per).flatMap(u32)), at(s));
  });
  difatSectors.forEach((s, k) => {
    const listed = fatSectors.slice(109 + k * (per - 1), 109 + (k + 1) * (per - 1));
    const words = [...listed, ...new Array(per - 1 - listed.length).fill(FREE), difatSectors[k + 1] ?? END];
    out.set(Uint8Array.from(words.flatMap(u32)), at(s));
  });
  const dir = new Uint8Array(directorySectors * size);
  entries.forEach((e, i) => {
    const name = chars(e.name, true);
    const entry = join(
      name,
      new Uint8Array(64 - name.length),
      u16(name.length + 2),
      [e.type, 1],
      u32(NONE),
      u32(i > 0 && i < entries.length - 1 ? i + 1 : NONE),
      u32(i === 0 && entries.length > 1 ? 1 : NONE),
      new Uint8Array(36),
      u32(e.start()),
      u32(e.size),
      u32(0),
    );
    dir.set(entry, i * 128);
  });
  const write = (name: string, bytes: Uint8Array) =>
    sectorsOf[name]!.forEach((s, k) => {
      out.set(bytes.subarray(k * size, (k + 1) * size), at(s));
    });
  write("directory", dir);
  for (const c of chainsData) write(c.name, c.bytes);
  return { bytes: out, layout: { sectorSize: size, chains: sectorsOf, fatSectors } };
}

/** Sets FAT entry `sector` to `value` in a file `compoundFile` made. */
export function setFatEntry(
  file: { bytes: Uint8Array; layout: CompoundLayout },
  sector: number,
  value: number,
) {
  const { sectorSize, fatSectors } = file.layout;
  const per = sectorSize / 4;
  const at = (fatSectors[Math.floor(sector / per)]! + 1) * sectorSize + (sector % per) * 4;
  new DataView(file.bytes.buffer, file.bytes.byteOffset).setUint32(at, value >>> 0, true);
}

/** A workbook of one sheet of these records, in a compound file. */
export const xlsOf = (globals: Uint8Array[], records: Uint8Array[]) =>
  compoundFile([{ name: "Workbook", bytes: workbook(globals, [{ records }]) }]).bytes;
