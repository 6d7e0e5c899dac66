// The OLE2 Compound File container that holds an old Excel workbook ([MS-CFB], decision 0093): a
// header, a FAT (its sectors listed by the header's DIFAT and then by DIFAT sectors) chaining each
// stream's sectors, a directory of 128-byte entries, and a mini stream of 64-byte sectors (chained
// by the mini FAT) holding every stream shorter than the cutoff (4096 bytes). Read by hand: a
// bank's file is a few hundred kilobytes, and every chain is checked (in the file, no cycle, long
// enough) so a damaged or hostile file ends in a message, never a loop or a read past the bytes.

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const HEADER_DIFAT_ENTRIES = 109;
const ENTRY_SIZE = 128;
const MINI_SECTOR = 64;

/** A file that is not a compound file, or one whose structure is broken; `message` says where. */
export class CompoundFileError extends Error {}

const fail = (why: string): never => {
  throw new CompoundFileError(why);
};

interface Entry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

/** The bytes of a stream at the top of the file named one of `names` (the first name found wins), or null. */
export function compoundStream(bytes: Uint8Array, names: readonly string[]): Uint8Array | null {
  if (bytes.length < 512 || SIGNATURE.some((b, i) => bytes[i] !== b)) fail("not a compound file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const major = u16(26);
  const shift = u16(30);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) fail("unknown container version");
  if (u16(32) !== 6) fail("unknown mini sector size");
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  // The header fills sector -1; a last sector cut short is read as far as it goes.
  const sectorCount = Math.max(0, Math.ceil((bytes.length - sectorSize) / sectorSize));
  const sector = (n: number) => {
    if (n >= sectorCount) fail(`sector ${n} is past the end of the file`);
    return bytes.subarray((n + 1) * sectorSize, Math.min((n + 2) * sectorSize, bytes.length));
  };
  const word = (s: Uint8Array, i: number) =>
    4 * i + 4 <= s.length
      ? new DataView(s.buffer, s.byteOffset).getUint32(4 * i, true)
      : fail("short sector");

  // The FAT's own sectors: 109 in the header, the rest in a chain of DIFAT sectors (each ending with the next).
  const fatSectorCount = u32(44);
  if (fatSectorCount > sectorCount) fail("more FAT sectors than the file holds");
  const fatSectors: number[] = [];
  for (let i = 0; i < Math.min(HEADER_DIFAT_ENTRIES, fatSectorCount); i++) fatSectors.push(u32(76 + 4 * i));
  const difatSeen = new Set<number>();
  for (let next = u32(68); fatSectors.length < fatSectorCount; ) {
    if (next > MAX_REGULAR_SECTOR) fail("the DIFAT ends before listing every FAT sector");
    if (difatSeen.has(next)) fail("the DIFAT chain loops");
    difatSeen.add(next);
    const s = sector(next);
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatSectorCount; i++) fatSectors.push(word(s, i));
    next = word(s, perSector - 1);
  }
  const fat = new Uint32Array(fatSectorCount * perSector);
  fatSectors.forEach((n, k) => {
    const s = sector(n);
    for (let i = 0; i < perSector; i++) fat[k * perSector + i] = word(s, i);
  });

  /** A chain's bytes, `size` of them (all of the chain when size is undefined). */
  const chainBytes = (
    start: number,
    size: number | undefined,
    table: Uint32Array,
    unit: number,
    limit: number,
    read: (n: number) => Uint8Array,
  ) => {
    if (size !== undefined && size > limit * unit) fail("a stream is larger than the file");
    const parts: Uint8Array[] = [];
    let have = 0;
    const seen = new Uint8Array(limit);
    for (let n = start; n !== END_OF_CHAIN && (size === undefined || have < size); n = table[n]!) {
      if (n >= limit || n >= table.length) fail(`a chain points at sector ${n}, outside the file`);
      if (seen[n]) fail("a sector chain loops");
      seen[n] = 1;
      const part = read(n);
      parts.push(part);
      have += part.length;
    }
    if (size !== undefined && have < size) fail("a stream is cut short");
    const out = new Uint8Array(size ?? have);
    let at = 0;
    for (const part of parts) {
      const take = Math.min(part.length, out.length - at);
      out.set(part.subarray(0, take), at);
      at += take;
    }
    return out;
  };
  const regular = (start: number, size?: number) =>
    chainBytes(start, size, fat, sectorSize, sectorCount, sector);

  const directory = regular(u32(48));
  const entries: Entry[] = [];
  for (let at = 0; at + ENTRY_SIZE <= directory.length; at += ENTRY_SIZE) {
    const e = new DataView(directory.buffer, directory.byteOffset + at, ENTRY_SIZE);
    const nameLength = e.getUint16(64, true);
    const name =
      nameLength >= 2 && nameLength <= 64 && nameLength % 2 === 0
        ? new TextDecoder("utf-16le").decode(directory.subarray(at, at + nameLength - 2))
        : "";
    // Version 3 files may leave junk in the size's high half ([MS-CFB], "Compound File Directory Entry"); a version 4 stream past 4 GB is refused below.
    const high = major === 4 ? e.getUint32(124, true) : 0;
    entries.push({
      name,
      type: e.getUint8(66),
      left: e.getUint32(68, true),
      right: e.getUint32(72, true),
      child: e.getUint32(76, true),
      start: e.getUint32(116, true),
      size: high === 0 ? e.getUint32(120, true) : Number.MAX_SAFE_INTEGER,
    });
  }
  const root = entries[0];
  if (root?.type !== 5) fail("no root entry in the directory");

  // The root's children: a tree through left and right siblings, each entry visited once.
  const children: Entry[] = [];
  const visited = new Set<number>();
  const pending = [root!.child];
  while (pending.length > 0) {
    const i = pending.pop()!;
    if (i === NO_STREAM) continue;
    if (i >= entries.length || visited.has(i)) fail("the directory tree is broken");
    visited.add(i);
    const e = entries[i]!;
    children.push(e);
    pending.push(e.left, e.right);
  }
  const wanted = names
    .map((n) => children.find((e) => e.type === 2 && e.name.toLowerCase() === n.toLowerCase()))
    .find((e) => e !== undefined);
  if (!wanted) return null;
  if (wanted.size >= u32(56)) return regular(wanted.start, wanted.size);

  // A short stream lives in the mini stream (the root's chain), its 64-byte sectors chained by the mini FAT.
  const miniStream = regular(root!.start, root!.size);
  const miniFatBytes = u32(64) === 0 ? new Uint8Array(0) : regular(u32(60));
  const miniFat = new Uint32Array(Math.floor(miniFatBytes.length / 4));
  for (let i = 0; i < miniFat.length; i++)
    miniFat[i] = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset).getUint32(4 * i, true);
  const miniCount = Math.floor(miniStream.length / MINI_SECTOR);
  return chainBytes(wanted.start, wanted.size, miniFat, MINI_SECTOR, miniCount, (n) =>
    miniStream.subarray(n * MINI_SECTOR, (n + 1) * MINI_SECTOR),
  );
}
