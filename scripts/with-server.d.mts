export function startBuiltServer(
  port?: number,
  env?: Record<string, string>,
): Promise<{ base: string; dataDir: string; pid: number | undefined; stop(): void }>;
export const PAGES: readonly (readonly [string, string])[];
