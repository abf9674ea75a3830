/**
 * Test certificates, made when a test asks for them with Debian's openssl: a CA and certificates
 * it signs for chosen names, self-signed ones, keys of other kinds, an encrypted key. Each kind is
 * made once per process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCert {
  cert: string;
  key: string;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'managed-certs-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

function newKey(kind: 'rsa' | 'ec' | 'rsa1024' = 'ec'): string {
  counter += 1;
  const file = `key-${counter}.pem`;
  if (kind === 'ec') {
    openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file]);
  } else {
    const bits = kind === 'rsa' ? '2048' : '1024';
    openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', `rsa_keygen_bits:${bits}`, '-out', file]);
  }
  return file;
}

function sanConfig(names: readonly string[]): string {
  return `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`;
}

/** A self-signed certificate for `names` (the first is its common name). */
export function selfSigned(
  names: readonly string[],
  options: { days?: number; keyKind?: 'rsa' | 'ec' | 'rsa1024' } = {},
): TestCert {
  const keyFile = newKey(options.keyKind);
  const certFile = `${keyFile}.crt`;
  openssl([
    'req',
    '-x509',
    '-new',
    '-key',
    keyFile,
    '-out',
    certFile,
    '-days',
    String(options.days ?? 30),
    '-subj',
    `/CN=${names[0]}`,
    '-addext',
    sanConfig(names),
  ]);
  return { cert: read(certFile), key: read(keyFile) };
}

export interface TestCa extends TestCert {
  /** A certificate for `names` signed by this CA. */
  issue(names: readonly string[]): TestCert;
}

export function makeCa(name = 'Test CA'): TestCa {
  const keyFile = newKey('ec');
  const certFile = `${keyFile}.ca.crt`;
  openssl([
    'req',
    '-x509',
    '-new',
    '-key',
    keyFile,
    '-out',
    certFile,
    '-days',
    '60',
    '-subj',
    `/CN=${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return {
    cert: read(certFile),
    key: read(keyFile),
    issue(names) {
      const leafKey = newKey('ec');
      const csr = `${leafKey}.csr`;
      const ext = `${leafKey}.ext`;
      const out = `${leafKey}.crt`;
      openssl(['req', '-new', '-key', leafKey, '-out', csr, '-subj', `/CN=${names[0]}`]);
      writeFileSync(path.join(dir, ext), `${sanConfig(names)}\n`);
      openssl([
        'x509',
        '-req',
        '-in',
        csr,
        '-CA',
        certFile,
        '-CAkey',
        keyFile,
        '-CAcreateserial',
        '-out',
        out,
        '-days',
        '30',
        '-extfile',
        ext,
      ]);
      return { cert: read(out), key: read(leafKey) };
    },
  };
}

/** `key` protected by a passphrase (PKCS#8, AES-256). */
export function encrypted(key: string): string {
  counter += 1;
  const plain = `plain-${counter}.pem`;
  const out = `enc-${counter}.pem`;
  writeFileSync(path.join(dir, plain), key);
  openssl([
    'pkcs8',
    '-topk8',
    '-in',
    plain,
    '-out',
    out,
    '-v2',
    'aes-256-cbc',
    '-passout',
    'pass:secret-words',
  ]);
  return read(out);
}
