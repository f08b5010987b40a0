import { z } from 'zod';

/**
 * Passkeys (WebAuthn) as a second factor (docs/decisions/0041). The options and the browser's answers
 * travel as the JSON that `@simplewebauthn/browser` reads and writes (W3C WebAuthn L3 `toJSON()`
 * forms); the API checks their shape here and their cryptography with `@simplewebauthn/server`.
 */

/** base64url without padding, as WebAuthn's JSON forms carry bytes. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url');

/** A passkey's own name, given by its owner («MacBook», «YubiKey 5»). */
export const passkeyName = z.string().trim().min(1).max(64);

/** Not a named component: the OpenAPI document would carry an unused input twin of it (Spectral). */
export const passkeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItem>;

/**
 * The caller's passkeys and where they work. A passkey belongs to a domain (the relying party), never an
 * IP address: an installation opened at `http://127.0.0.1:<port>` offers them at `http://localhost:<port>`,
 * which `origin` names; one at another IP address has none (`origin` null).
 */
export const passkeyList = z
  .object({ origin: z.string().nullable(), items: z.array(passkeyItem) })
  .meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof passkeyList>;

/** What the browser's `navigator.credentials.create/get` is called with: the API's options, as JSON. */
export const webauthnOptions = z.record(z.string(), z.unknown()).meta({ id: 'WebAuthnOptions' });

/** A new passkey as the browser answers it (`RegistrationResponseJSON`). */
export const passkeyRegistrationResponse = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** A passkey's signature over a challenge (`AuthenticationResponseJSON`). */
export const passkeyAuthenticationResponse = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const addPasskeyBody = z.object({ name: passkeyName, response: passkeyRegistrationResponse });
/** The new passkey, and ten recovery codes when it is the account's first factor (shown this once). */
export const addedPasskey = z.object({ passkey: passkeyItem, recoveryCodes: z.array(z.string()).optional() });
export const renamePasskeyBody = z.object({ name: passkeyName });
/** Removing a passkey needs the password, so a session left open on a desk cannot strip it. */
export const removePasskeyBody = z.object({ password: z.string().min(1).max(128) });

export const signinPasskeyBody = z.object({
  mfaToken: z.string().min(1).max(200),
  response: passkeyAuthenticationResponse,
});
