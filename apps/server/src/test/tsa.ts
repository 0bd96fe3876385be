import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** openssl's own TSA (`openssl ts -reply`): a throwaway CA and a TSA certificate with timeStamping critical. */
const CONFIG = `
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ ca_ext ]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[ tsa_ext ]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
serial = ./serial
crypto_device = builtin
signer_cert = ./tsa.pem
certs = ./ca.pem
signer_key = ./tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
other_policies = 1.2.3.4.5
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

/** How the loopback TSA answers the next requests. */
export type TsaMode = 'ok' | 'http-500' | 'hang' | 'other-imprint';

export interface LoopbackTsa {
  url: string;
  /** The throwaway CA that issued the TSA's certificate: what an independent verifier trusts. */
  caFile: string;
  state: { mode: TsaMode; requests: number };
  close(): Promise<void>;
}

/**
 * A real RFC 3161 timestamp authority on 127.0.0.1 for the tests: each POST's body is handed to
 * `openssl ts -reply` and its reply returned as application/timestamp-reply. No code of ours builds the token.
 */
export async function startLoopbackTsa(): Promise<LoopbackTsa> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aceite-tsa-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(path.join(dir, 'tsa.cnf'), CONFIG);
  writeFileSync(path.join(dir, 'serial'), '01\n');
  writeFileSync(path.join(dir, 'other.bin'), 'not the signature value');
  // Each subject written once, by -subj: the config's own [dn] would add a second CN.
  const req = ['req', '-config', 'tsa.cnf', '-newkey', 'rsa:2048', '-nodes'];
  openssl(
    ...req,
    '-x509',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Aceite Test TSA CA',
    '-extensions',
    'ca_ext',
  );
  openssl(...req, '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Aceite Test TSA');
  openssl(
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    '2',
    '-days',
    '2',
    '-out',
    'tsa.pem',
    '-extfile',
    'tsa.cnf',
    '-extensions',
    'tsa_ext',
  );
  openssl('ts', '-query', '-data', 'other.bin', '-sha256', '-cert', '-out', 'other.tsq');

  const state: LoopbackTsa['state'] = { mode: 'ok', requests: 0 };
  let n = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      state.requests++;
      if (state.mode === 'hang') return;
      if (state.mode === 'http-500' || request.headers['content-type'] !== 'application/timestamp-query') {
        response.writeHead(500).end();
        return;
      }
      const id = ++n;
      const query = state.mode === 'other-imprint' ? 'other.tsq' : `q${id}.tsq`;
      writeFileSync(path.join(dir, `q${id}.tsq`), Buffer.concat(chunks));
      try {
        await run(
          'openssl',
          ['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', query, '-out', `r${id}.tsr`],
          { cwd: dir },
        );
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
        response.end(readFileSync(path.join(dir, `r${id}.tsr`)));
      } catch {
        response.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    caFile: path.join(dir, 'ca.pem'),
    state,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
