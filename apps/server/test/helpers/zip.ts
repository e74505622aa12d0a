import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

export interface ZipPart {
  name: string;
  data: Buffer;
  /** The uncompressed size written in both headers; the real one unless the zip is to lie. */
  declaredSize?: number;
  /** Already deflated (see hugePart): `data` is then ignored. */
  deflated?: { bytes: Buffer; crc: number; size: number };
}

/** A minimal zip writer (deflate, no data descriptors) so tests can build odd and hostile archives. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const compressed = part.deflated?.bytes ?? deflateRawSync(part.data);
    const crc = part.deflated?.crc ?? crc32(part.data);
    const size = part.declaredSize ?? part.deflated?.size ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A part of `head`, then `count` bytes of `fill`, then `tail`, deflated as it is made: lets a test
 * build a sheet that unpacks to a gigabyte without holding the gigabyte.
 */
export async function hugePart(
  name: string,
  head: string,
  fill: string,
  count: number,
  tail: string,
): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
  const write = (data: Buffer) =>
    new Promise<void>((resolve) => (deflate.write(data) ? resolve() : deflate.once("drain", resolve)));
  const first = Buffer.from(head, "utf8");
  const last = Buffer.from(tail, "utf8");
  // Whole repetitions of `fill` per block, so a multi-character fill stays whole across blocks.
  const block = Buffer.alloc(Math.floor((16 * 1024 * 1024) / fill.length) * fill.length, fill);
  let crc = crc32(first);
  await write(first);
  for (let left = count; left > 0; left -= block.length) {
    const piece = left >= block.length ? block : block.subarray(0, left);
    crc = crc32(piece, crc);
    await write(piece);
  }
  crc = crc32(last, crc);
  deflate.end(last);
  await done;
  return {
    name,
    data: Buffer.alloc(0),
    deflated: { bytes: Buffer.concat(out), crc, size: first.length + count + last.length },
  };
}
