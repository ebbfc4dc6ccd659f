/**
 * Privacy requests (docs/signups.md, "Privacy"): a person stops all mail to their inbox with the signed
 * link every mail carries (or the mail client's one-click unsubscribe); support shows or erases what is
 * stored about an inbox. Transport-free; the HTTP page is server/http/unsubscribe.ts.
 */
import { inboxKey } from '../../common/email.js';
import type { PrivacyKeys } from './links.js';
import type { InboxRecords, PrivacyStore } from './store.js';

export type Privacy = ReturnType<typeof createPrivacy>;

export function createPrivacy(store: PrivacyStore, keys: PrivacyKeys) {
  const inbox = (email: string) => ({ key: inboxKey(email.trim()), hash: keys.inboxHash(email.trim()) });
  return {
    keys,
    /** The address a stop link is for, or undefined when it was tampered with. Changes nothing. */
    addressOf: (token: string): string | undefined => keys.read(token),
    /**
     * The stop itself (a POST): the inbox goes on the suppression list and its unsent mail is cancelled.
     * Undefined, and nothing changed, for a token that was tampered with.
     */
    async stop(token: string, how: 'link' | 'one-click'): Promise<{ email: string; cancelled: number } | undefined> {
      const email = keys.read(token);
      if (email === undefined) return undefined;
      const { cancelled } = await store.suppress(inbox(email), how);
      return { email, cancelled };
    },
    isSuppressed: (email: string) => store.isSuppressed(keys.inboxHash(email)),
    /** Everything stored about the inbox this address reaches (any spelling of it). */
    show: (email: string): Promise<InboxRecords> => store.records(inbox(email)),
    /** Deletes the inbox's signups and mail, keeps its keyed hash so it is never mailed again. */
    erase: (email: string) => store.erase(inbox(email)),
  };
}
