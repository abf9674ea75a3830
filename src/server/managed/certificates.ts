/**
 * The checks of an uploaded certificate (portal.md §3 "SSL cert"; docs/managed-hosting.md): PEM
 * text that parses (`crypto.X509Certificate`), a key that loads without a passphrase, is of a kind
 * and size nginx accepts on Debian and matches the certificate (`checkPrivateKey`), a certificate
 * valid now, and a CA chain, when given, that issued it. Pure apart from node:crypto.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { MANAGED } from '#shared/managed/constants';
import {
  chainPemError,
  certificatePemError,
  pemCertificateBlocks,
  privateKeyPemError,
} from '#shared/managed/rules';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';

const EC_CURVES = ['prime256v1', 'secp384r1', 'secp521r1'];

export interface CheckedCertificate {
  /** The names it covers: DNS subject alternative names, else the common name. */
  names: string[];
  issuer: string;
  validTo: Date;
  fingerprint256: string;
  certificate: X509Certificate;
}

export type CertificateCheck =
  { ok: true; value: CheckedCertificate } | { ok: false; errors: Record<string, string> };

function keyProblem(key: KeyObject): string | undefined {
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType === 'rsa') {
    return (details?.modulusLength ?? 0) >= MANAGED.rsaMinBits ? undefined : M.keyType;
  }
  if (key.asymmetricKeyType === 'ec') {
    return EC_CURVES.includes(details?.namedCurve ?? '') ? undefined : M.keyType;
  }
  return M.keyType;
}

function namesOf(certificate: X509Certificate): string[] {
  const san = certificate.subjectAltName ?? '';
  const dns = san
    .split(/,\s*/)
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4).toLowerCase());
  if (dns.length > 0) return dns;
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(certificate.subject)?.[1];
  return cn ? [cn.toLowerCase()] : [];
}

/** Every rule of an uploaded certificate, key and chain; `now` decides expiry. */
export function checkCertificate(
  input: { cert: string; key: string; ca?: string | null },
  now: Date,
): CertificateCheck {
  const errors: Record<string, string> = {};
  let certificate: X509Certificate | undefined;
  const certShape = certificatePemError(input.cert);
  if (certShape) {
    errors.cert = certShape;
  } else {
    try {
      certificate = new X509Certificate(input.cert);
    } catch {
      errors.cert = M.certificateUnreadable;
    }
  }
  let key: KeyObject | undefined;
  const keyShape = privateKeyPemError(input.key);
  if (keyShape) errors.key = keyShape;
  else {
    try {
      key = createPrivateKey(input.key);
      const problem = keyProblem(key);
      if (problem) {
        errors.key = problem;
        key = undefined;
      }
    } catch {
      errors.key = M.keyUnreadable;
    }
  }
  if (certificate) {
    const publicKeyProblem = keyProblem(certificate.publicKey);
    if (publicKeyProblem) errors.cert = publicKeyProblem;
    else if (new Date(certificate.validTo) <= now) errors.cert = M.certificateExpired;
    else if (new Date(certificate.validFrom) > now) errors.cert = M.certificateNotYetValid;
  }
  if (certificate && key && !errors.cert && !certificate.checkPrivateKey(key)) {
    errors.key = M.keyMismatch;
  }
  const ca = input.ca?.trim() ? input.ca : undefined;
  if (ca !== undefined) {
    const chainShape = chainPemError(ca);
    if (chainShape) errors.ca = chainShape;
    else {
      let chain: X509Certificate[] = [];
      try {
        chain = pemCertificateBlocks(ca).map((block) => new X509Certificate(block));
      } catch {
        errors.ca = M.chainPem;
      }
      if (!errors.ca && certificate) {
        const issued = chain.some(
          (issuer) => certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey),
        );
        if (!issued) errors.ca = M.chainDoesNotIssue;
      }
    }
  }
  if (Object.keys(errors).length > 0 || !certificate) return { ok: false, errors };
  return {
    ok: true,
    value: {
      names: namesOf(certificate),
      issuer: certificate.issuer.replace(/\n/g, ', '),
      validTo: new Date(certificate.validTo),
      fingerprint256: certificate.fingerprint256,
      certificate,
    },
  };
}

/** Whether a certificate's names cover a host (exact, or a wildcard one label deep). */
export function certificateCovers(names: readonly string[], host: string): boolean {
  return names.some((name) => {
    if (name === host) return true;
    if (!name.startsWith('*.')) return false;
    const dot = host.indexOf('.');
    return dot > 0 && host.slice(dot + 1) === name.slice(2);
  });
}
