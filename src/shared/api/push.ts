import { z } from 'zod';

/*
 * Web Push subscriptions (docs/product.md#reminders): the browser's PushSubscription as
 * `PushSubscription.toJSON()` writes it, kept per person and device, at most MAX_PUSH_SUBSCRIPTIONS.
 */

export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const ENDPOINT_MAX = 2048;

export const ENDPOINT_MESSAGE = 'endpoint must be the https address of a push service';
export const P256DH_MESSAGE = "keys.p256dh must be the browser's P-256 public key, base64url";
export const AUTH_MESSAGE = "keys.auth must be the browser's 16-byte authentication secret, base64url";

/** What GET /api/push/public-key answers: the server's VAPID public key (RFC 8292), base64url. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text (padding allowed), or undefined when it is not one. */
function base64urlBytes(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const plain = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  try {
    return Uint8Array.from(atob(plain + '='.repeat((4 - (plain.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ message: ENDPOINT_MESSAGE })
    .max(ENDPOINT_MAX, { message: `endpoint must be at most ${ENDPOINT_MAX} characters` })
    .refine((value) => URL.canParse(value), { message: ENDPOINT_MESSAGE }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes starting with 4 (RFC 8291, 3.1).
      p256dh: z.string({ message: P256DH_MESSAGE }).refine(
        (value) => {
          const bytes = base64urlBytes(value);
          return bytes?.length === 65 && bytes[0] === 4;
        },
        { message: P256DH_MESSAGE },
      ),
      auth: z
        .string({ message: AUTH_MESSAGE })
        .refine((value) => base64urlBytes(value)?.length === 16, { message: AUTH_MESSAGE }),
    },
    { message: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** A kept subscription as the API answers it: never its keys. */
export const PushSubscriptionSchema = z.object({ endpoint: z.string(), createdAt: z.string() });
export type PushSubscriptionView = z.infer<typeof PushSubscriptionSchema>;

export const DeletePushSubscriptionInputSchema = z.object({
  endpoint: z.string({ message: ENDPOINT_MESSAGE }).max(ENDPOINT_MAX, { message: ENDPOINT_MESSAGE }),
});
