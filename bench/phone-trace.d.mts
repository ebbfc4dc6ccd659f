/** Types for bench/phone-trace.mjs, so the TypeScript tests can import it. */
export type TraceEvent = {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { navigationId?: string } };
};
export declare const KINDS: readonly string[];
export declare function mainThreadBeforeFirstPaint(events: TraceEvent[]): {
  firstPaintMs: number;
  ms: Record<string, number>;
};
