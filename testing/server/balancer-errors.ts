/**
 * What the shipped deploy/haproxy.cfg makes HAProxy answer by itself on /graphql: the `http-error` lines
 * of the backend its frontend picks for /graphql. Read from the file, so the tests that check these
 * answers (deploy/haproxy.test.ts, the browser tests' fake /graphql) follow the config that ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HAPROXY_CONFIG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/haproxy.cfg');

export type BalancerAnswer = { status: number; contentType: string; body: string; headers: Record<string, string> };

/** The answers by status; empty when no backend is picked for /graphql or it has no `http-error` line. */
export function balancerApiAnswers(config = fs.readFileSync(HAPROXY_CONFIG, 'utf8')): Map<number, BalancerAnswer> {
  const lines = config.split('\n');
  const backend = lines
    .map((line) => /^\s*use_backend\s+(\S+)\s+if\s+\{\s*path\s+\/graphql\s*\}/.exec(line)?.[1])
    .find(Boolean);
  const answers = new Map<number, BalancerAnswer>();
  let section = '';
  for (const line of lines) {
    const header = /^(global|defaults|frontend|backend|listen|http-errors)\b\s*(\S*)/.exec(line);
    if (header) section = `${header[1]} ${header[2]}`;
    if (section !== `backend ${backend}`) continue;
    // http-error status 503 content-type TYPE string 'BODY' [hdr NAME VALUE]…
    const error = /^\s*http-error\s+status\s+(\d{3})\s+content-type\s+(\S+)\s+string\s+'([^']*)'(.*)$/.exec(line);
    if (!error) continue;
    const [, status = '', contentType = '', body = '', rest = ''] = error;
    const headers = Object.fromEntries([...rest.matchAll(/\bhdr\s+(\S+)\s+(\S+)/g)].map((m) => [m[1]!, m[2]!]));
    answers.set(Number(status), { status: Number(status), contentType, body, headers });
  }
  return answers;
}
