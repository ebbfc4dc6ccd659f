/**
 * A mail as every capability builds it for the outbox (server/mail/worker.ts sends it), and how a handler
 * reads its outbox row's payload back.
 */
import type { Locale } from '../../common/i18n.js';

/** The outbox's kinds of mail, one union (server/db/schema.ts), and the row a handler builds its mail from. */
export type { OutboxKind } from '../db/schema.js';
export type { OutboxRow } from './outbox-store.js';

/** `language`: the Content-Language header (transport.ts). */
export type MailContent = { subject: string; text: string; html: string; language?: Locale };

/** A message as an outbox handler builds it from its row. */
export type ComposedMail = MailContent & {
  /** More headers (List-Unsubscribe and List-Unsubscribe-Post, docs/signups.md "Privacy"). */
  headers?: Record<string, string>;
};

/** An outbox row's JSON payload; a missing or unreadable one is empty (each handler has its defaults). */
export function payloadOf<T extends object>(payload: string | null | undefined): Partial<T> {
  try {
    return JSON.parse(payload || '{}') as Partial<T>;
  } catch {
    return {};
  }
}
