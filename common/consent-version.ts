/**
 * The version of the cookie question: a djb2 hash of the configured third parties' IDs, so a new or
 * removed third party asks again. The server renders it into every page (<meta name="kasuwa-consent-version">),
 * the page keeps it with the answer, and POST /consent accepts only answers of the version the server renders
 * (docs/site.md#cookies-and-consent).
 */
export type ThirdPartyIds = { gaId?: string; pixelId?: string; chatId?: string };

export function consentVersion(ids: ThirdPartyIds): string {
  let hash = 5381;
  for (const char of [ids.gaId, ids.pixelId, ids.chatId].map((id) => id ?? '').join('|'))
    hash = (hash * 33 + char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}
