/** Types for scripts/third-party-ids.mjs, so the TypeScript tests can import it. */
export declare const THIRD_PARTY_IDS: {
  GA_MEASUREMENT_ID: string;
  META_PIXEL_ID: string;
  CHAT_WIDGET_ID: string;
};
