/**
 * The mail a server without SMTP_URL wrote as .eml files under DATA_DIR/mail, read as a person would:
 * folded headers unfolded and quoted-printable decoded, filtered by recipient.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Every mail written to `address` under `dataDir`/mail, oldest file name first. */
export function mailsTo(dataDir: string, address: string): string[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) =>
      fs
        .readFileSync(path.join(dir, name), 'utf8')
        .replace(/\r?\n[ \t]+/g, ' ')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((raw) => raw.includes(`To: ${address}`));
}

/** The path and query of the first link in `mail` to a path matching `pathPattern` on PUBLIC_URL (kasuwa.shop). */
export function linkIn(mail: string, pathPattern: string): string {
  const found = new RegExp(`https://kasuwa\\.shop(${pathPattern}\\?t=[A-Za-z0-9_.-]+)`).exec(mail)?.[1];
  if (!found) throw new Error(`No link to ${pathPattern} in the mail:\n${mail}`);
  return found;
}
