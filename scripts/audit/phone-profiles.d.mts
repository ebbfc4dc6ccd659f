/** Types for scripts/audit/phone-profiles.mjs, so the TypeScript tests can import it. */
export type Throttling = {
  rttMs: number;
  throughputKbps: number;
  requestLatencyMs: number;
  downloadThroughputKbps: number;
  uploadThroughputKbps: number;
  cpuSlowdownMultiplier: number;
};
export declare const CHEAP_PHONE_INDEX: number;
export declare function defaultMobileMultiplier(index: number): number;
export declare function cheapPhoneMultiplier(index: number): number;
export declare const REFERENCE_ITERATIONS: number;
export declare function referenceIndex(loopMs: number[]): number;
export declare function defaultMobileThrottling(index: number): Throttling;
export declare function cheapPhoneThrottling(index: number): Throttling;
export declare function measureBenchmarkIndex(options?: {
  samples?: number;
  browser?: unknown;
  chromePath?: string;
}): Promise<{ index: number; samples: number[] }>;
/** CDP `Network.emulateNetworkConditions` parameters for the cheap phone's network. */
export declare function cheapPhoneNetwork(): {
  offline: boolean;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
};
/** A fresh Playwright context and page on the cheap phone's network at `cpu`× CPU, closed after `use`. */
export declare function withPhonePage<T>(
  browser: unknown,
  options: { viewport: { width: number; height: number }; cpu: number },
  use: (page: import('playwright-core').Page) => Promise<T>,
): Promise<T>;
