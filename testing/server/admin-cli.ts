/**
 * The admin CLI (`npm run admin`, server/admin.ts) from source in its own process, as an operator runs it:
 * the test's environment, DEMO_DATA off, NODE_ENV test, then `env` (the scratch database's, say) over them.
 * `runAdminAsync` when the test process also serves: a blocking spawn stalls its sockets.
 */
import { execFile, spawnSync } from 'node:child_process';
import { SOURCE_NODE_ARGS } from '../../scripts/source-node.mjs';

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The tests' limit in files that run the CLI (`vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS })`): each
 * process loads the server's source through tsx, a few seconds on a busy machine. Generous, not a speed check.
 */
export const ADMIN_TEST_TIMEOUT_MS = 60_000;

const command = (args: string[]) => [...SOURCE_NODE_ARGS, 'server/admin.ts', ...args];
const environment = (env: Record<string, string>) => ({ ...process.env, DEMO_DATA: 'off', NODE_ENV: 'test', ...env });

export function runAdmin(env: Record<string, string>, ...args: string[]): AdminRun {
  const result = spawnSync(process.execPath, command(args), { env: environment(env), encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function runAdminAsync(env: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, command(args), { env: environment(env), encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
