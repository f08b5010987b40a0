import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the API's tests: an ES256 key pair per passkey, answering the API's
 * options with what a browser would send (`none` attestation), so the server's real verification
 * (`@simplewebauthn/server`) is what the tests exercise. The browser tests use Chromium's own virtual
 * authenticator instead.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count];
    if (attested) parts.push(Buffer.from(attested));
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create(options)`. */
  register(options: Record<string, unknown>, overrides: { origin?: string; rpId?: string } = {}) {
    const rp = options.rp as { id: string };
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose as never)),
    ]);
    // Flags: user present, user verified, attested credential data.
    const authData = this.authenticatorData(overrides.rpId ?? rp.id, 0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          new Uint8Array(this.clientData('webauthn.create', String(options.challenge), overrides.origin)),
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to `navigator.credentials.get(options)`; each signature moves the counter forward. */
  authenticate(options: Record<string, unknown>, overrides: { origin?: string; rpId?: string } = {}) {
    this.counter += 1;
    const authData = this.authenticatorData(overrides.rpId ?? String(options.rpId), 0x05);
    const clientData = this.clientData('webauthn.get', String(options.challenge), overrides.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientData).digest()]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(new Uint8Array(clientData)),
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
    };
  }
}
