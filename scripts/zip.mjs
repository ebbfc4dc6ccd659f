/**
 * A tiny zip writer (deflate, via node:zlib), enough for the WordPress plugin's archive: no new
 * dependency, and no `zip` program needed on the build machine. Entries are written in the order
 * given, with a fixed date, so the same files make the same archive.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// 2026-01-01 00:00 in MS-DOS time and date.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/**
 * The fields a file's local header and its central directory entry share, in the same order from `at`
 * (4 in the local header, 6 in the central entry): version needed, flags (UTF-8 names), deflate, the
 * fixed time and date, the CRC-32, the compressed and the real size, the name's length. The rest stays 0.
 */
function writeEntryFields(buffer, at, { crc, compressed, size, nameLength }) {
  buffer.writeUInt16LE(20, at); // version needed
  buffer.writeUInt16LE(0x0800, at + 2); // UTF-8 names
  buffer.writeUInt16LE(8, at + 4); // deflate
  buffer.writeUInt16LE(DOS_TIME, at + 6);
  buffer.writeUInt16LE(DOS_DATE, at + 8);
  buffer.writeUInt32LE(crc, at + 10);
  buffer.writeUInt32LE(compressed, at + 14);
  buffer.writeUInt32LE(size, at + 18);
  buffer.writeUInt16LE(nameLength, at + 22);
}

/**
 * Writes `zipFile` with every file under `dir`, stored under `prefix/` (e.g. the plugin's folder name),
 * and the files of `extra` (name under `prefix/` → contents) that the build made.
 */
export function zipDirectory(dir, prefix, zipFile, { exclude = () => false, extra = {} } = {}) {
  const contents = new Map(
    fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => fs.statSync(path.join(dir, file)).isFile() && !exclude(file))
      .map((file) => [file.split(path.sep).join('/'), () => fs.readFileSync(path.join(dir, file))]),
  );
  for (const [name, data] of Object.entries(extra)) contents.set(name, () => Buffer.from(data));
  const files = [...contents.keys()].sort();
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(`${prefix}/${file}`, 'utf8');
    const data = contents.get(file)();
    const deflated = zlib.deflateRawSync(data, { level: 9 });
    const crc = zlib.crc32(data);
    const entry = { crc, compressed: deflated.length, size: data.length, nameLength: name.length };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(header, 4, entry);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by: Unix, 3.0
    writeEntryFields(central, 6, entry);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(header, name, deflated);
    centrals.push(central, name);
    offset += header.length + name.length + deflated.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  fs.mkdirSync(path.dirname(zipFile), { recursive: true });
  fs.writeFileSync(zipFile, Buffer.concat([...locals, ...centrals, end]));
  return files.length;
}
