// The npm registry mirror here serves only the linux-x64 builds of some packages. `npm install` then leaves
// the other platforms' optional packages out of package-lock.json, and `npm ci` refuses the lock as out of
// sync. This adds lock entries (os/cpu/libc, no tarball) for those platform packages, which npm skips on
// this platform without downloading anything. Run it after any `npm install` that rewrites the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
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

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform entries added`);
