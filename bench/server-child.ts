/**
 * The real server as a child process (`node --import tsx server/main.ts`), for the crash test and the
 * benchmark: started on a free port with the given environment, answers once it is listening.
 * CPU_PROF=<dir> writes a V8 CPU profile of the server there when it exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SOURCE_NODE_ARGS } from '../scripts/source-node.mjs';
import { START_SELLING } from '../testing/server/start-selling.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerChild = { child: ChildProcess; base: string; exited: Promise<number | null> };

export async function startServerChild(env: Record<string, string>): Promise<ServerChild> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : []),
      ...SOURCE_NODE_ARGS,
      'server/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        DEMO_DATA: 'off',
        SINGLE_SERVER: 'on',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('the server did not start within 30 s')), 30_000);
    lines.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'listening' && entry.url) {
          clearTimeout(timer);
          resolve(entry.url.replace('localhost', '127.0.0.1'));
        }
      } catch {
        // not a log line
      }
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code} before listening`)));
  });
  return { child, base, exited };
}

export async function stopServerChild(server: ServerChild, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** One startSelling over HTTP; answers whether the server acknowledged it with success: true. */
export async function signUpOverHttp(base: string, email: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: START_SELLING,
        variables: { data: { email, source: 'bench/' } },
      }),
    });
    const body = (await response.json()) as { data?: { startSelling?: { success?: boolean } } };
    return body.data?.startSelling?.success === true;
  } catch {
    return false; // connection refused or reset: not acknowledged
  }
}
