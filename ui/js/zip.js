// Reads the files of a .zip in the browser, without a library: the central directory is parsed
// here (ZIP64 included) and deflated entries are inflated by the browser's own
// DecompressionStream("deflate-raw"). Entries are read one at a time from slices of the File, so
// a large archive is never held in memory whole. Anything that cannot be read comes back with the
// reason, never dropped: the importer lists it.

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

export class ZipError extends Error {}

const bytesOf = async (blob) => new Uint8Array(await blob.arrayBuffer());
const view = (bytes) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const u64 = (dv, at) => Number(dv.getBigUint64(at, true));

// [{path, size, read(): Promise<Uint8Array>} | {path, problem}] for every file entry (folders left out).
export async function zipEntries(file) {
  const tailSize = Math.min(file.size, 22 + MAX_COMMENT);
  const tail = await bytesOf(file.slice(file.size - tailSize));
  const dv = view(tail);
  let at = tail.length - 22;
  while (at >= 0 && dv.getUint32(at, true) !== EOCD) at -= 1;
  if (at < 0) throw new ZipError("not a zip archive (no central directory)");
  let count = dv.getUint16(at + 10, true);
  let cdSize = dv.getUint32(at + 12, true);
  let cdOffset = dv.getUint32(at + 16, true);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    ({ count, cdSize, cdOffset } = await zip64Directory(file, file.size - tailSize + at));
  }
  if (cdOffset + cdSize > file.size) throw new ZipError("the archive is truncated");
  const cd = await bytesOf(file.slice(cdOffset, cdOffset + cdSize));
  return centralEntries(file, cd, count);
}

async function zip64Directory(file, eocdAt) {
  const locator = view(await bytesOf(file.slice(eocdAt - 20, eocdAt)));
  if (locator.getUint32(0, true) !== ZIP64_LOCATOR) throw new ZipError("damaged ZIP64 directory");
  const recordAt = u64(locator, 8);
  const record = view(await bytesOf(file.slice(recordAt, recordAt + 56)));
  if (record.getUint32(0, true) !== ZIP64_EOCD) throw new ZipError("damaged ZIP64 directory");
  return { count: u64(record, 32), cdSize: u64(record, 40), cdOffset: u64(record, 48) };
}

function centralEntries(file, cd, count) {
  const dv = view(cd);
  const entries = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || dv.getUint32(at, true) !== CENTRAL) throw new ZipError("damaged central directory");
    const flags = dv.getUint16(at + 8, true);
    const method = dv.getUint16(at + 10, true);
    const crc = dv.getUint32(at + 16, true);
    let compressed = dv.getUint32(at + 20, true);
    let size = dv.getUint32(at + 24, true);
    const nameLength = dv.getUint16(at + 28, true);
    const extraLength = dv.getUint16(at + 30, true);
    const commentLength = dv.getUint16(at + 32, true);
    let offset = dv.getUint32(at + 42, true);
    const path = new TextDecoder().decode(cd.subarray(at + 46, at + 46 + nameLength));
    const extra = view(cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    ({ size, compressed, offset } = zip64Sizes(extra, { size, compressed, offset }));
    at += 46 + nameLength + extraLength + commentLength;
    if (path.endsWith("/")) continue;
    const problem = flags & 1 ? "encrypted in the archive (password protected)"
      : method !== 0 && method !== 8 ? `compressed with a method the browser cannot unpack (ZIP method ${method}); import it with \`contractbox import\``
        : null;
    entries.push(problem ? { path, size, problem } : { path, size, read: () => readEntry(file, { offset, compressed, size, method, crc }) });
  }
  return entries;
}

// The ZIP64 extra field (id 1) carries, in this order, whichever of the three were 0xffffffff.
function zip64Sizes(extra, fields) {
  let at = 0;
  while (at + 4 <= extra.byteLength) {
    const id = extra.getUint16(at, true);
    const length = extra.getUint16(at + 2, true);
    if (id === 1) {
      let p = at + 4;
      const out = { ...fields };
      for (const key of ["size", "compressed", "offset"]) {
        if (fields[key] !== 0xffffffff || p + 8 > at + 4 + length) continue;
        out[key] = u64(extra, p);
        p += 8;
      }
      return out;
    }
    at += 4 + length;
  }
  return fields;
}

async function readEntry(file, { offset, compressed, size, method, crc }) {
  const header = view(await bytesOf(file.slice(offset, offset + 30)));
  if (header.getUint32(0, true) !== LOCAL) throw new ZipError("damaged in the archive (bad local header)");
  const start = offset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  const raw = file.slice(start, start + compressed);
  const bytes = method === 0 ? await bytesOf(raw) : await inflate(raw, size);
  if (bytes.length !== size || crc32(bytes) !== crc) throw new ZipError("damaged in the archive (checksum mismatch)");
  return bytes;
}

// Stops as soon as the output passes the size the directory promised (a zip bomb cannot fill memory).
async function inflate(blob, expected) {
  const reader = blob.stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => { throw new ZipError("damaged in the archive (cannot be inflated)"); });
    if (done) break;
    total += value.length;
    if (total > expected) {
      reader.cancel();
      throw new ZipError("damaged in the archive (larger than its directory says)");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) { out.set(chunk, at); at += chunk.length; }
  return out;
}

let table = null;
function crc32(bytes) {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
