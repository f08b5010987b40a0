import { isIP } from 'node:net';
import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasskeyRow } from './passkeys-repository';

/** Where passkeys of this installation belong: the relying party's id (a domain) and the page origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}

const loopback = (host: string) => host === '127.0.0.1' || host === '[::1]' || host.startsWith('127.');

/**
 * The relying party from PUBLIC_URL (issue 31). WebAuthn binds a passkey to a domain and browsers refuse
 * an IP address as one, so the out-of-the-box `http://127.0.0.1:<port>` offers passkeys at its
 * `http://localhost:<port>` twin (the same server: browsers treat localhost as secure without TLS); an
 * installation published at another IP address has none (null) until it is given a name.
 */
export function relyingPartyOf(publicUrl: string): RelyingParty | null {
  const url = new URL(publicUrl);
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) === 0) return { id: host, origin: url.origin };
  if (!loopback(host)) return null;
  const twin = new URL(url.origin);
  twin.hostname = 'localhost';
  return { id: 'localhost', origin: twin.origin };
}

/**
 * Checks a passkey's signature over a challenge this server issued, at this relying party: the key's
 * new signature counter when it holds, null when it does not (a refusal; the caller audits and counts it).
 * The one check behind the sign-in's second step and the step-up.
 */
export async function verifiedCounter(
  party: RelyingParty,
  challenge: string,
  key: PasskeyRow,
  response: AuthenticationResponseJSON,
): Promise<number | null> {
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports as never,
      },
      requireUserVerification: false,
    });
    return verification.verified ? verification.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
