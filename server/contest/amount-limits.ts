/**
 * The largest amounts intake records (docs/contest.md, "Amount limits"): one order, and every order of
 * one store together. With both, every kobo total the code handles is an exact integer far below
 * Number.MAX_SAFE_INTEGER, and a naira amount as a GraphQL Float prints to the kobo.
 */
import { formatNaira } from '../../common/money.js';

/** ₦100,000,000: one order. */
export const MAX_ORDER_KOBO = 10_000_000_000;
/** ₦1,000,000,000,000: all of one store's orders together (paid or refunded, inside the window or not). */
export const MAX_STORE_KOBO = 100_000_000_000_000;

export const orderOverCap = (): string =>
  `amount must be at most ${formatNaira(MAX_ORDER_KOBO / 100)} per order (docs/contest.md, Amount limits)`;

export const storeOverCap = (storeId: string): string =>
  `order would take the orders recorded for store ${storeId} past ${formatNaira(MAX_STORE_KOBO / 100)} ` +
  'together, the most one store may record (docs/contest.md, Amount limits)';
