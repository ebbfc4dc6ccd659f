/**
 * The three third parties' IDs that tests and measurements set (`npm run audit -- --with-ids`,
 * `npm run bench:phone -- --with-ids`, e2e/site-consent.e2e.ts), so pages ask the consent question.
 * Their hosts are answered by local stand-ins (testing/e2e/vendor-stand-ins.ts): nothing leaves the machine.
 */
export const THIRD_PARTY_IDS = {
  GA_MEASUREMENT_ID: 'G-TEST1234',
  META_PIXEL_ID: '1234567890',
  CHAT_WIDGET_ID: 'abc123/default',
};
