/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  };
  type Result = {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    '2xx': number;
    non2xx: number;
    errors: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
