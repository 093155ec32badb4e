import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, type JWTPayload, jwtVerify } from 'jose';

/*
 * A push service of the tests' own, on loopback (RFC 8030's receiving end): it hands out subscriptions
 * whose keys only the test holds, and decrypts what arrives as a browser would (RFC 8291 on RFC 8188's
 * aes128gcm, written here from the RFCs with Node's crypto, the receiving side no kept library offers)
 * after checking the VAPID header (RFC 8292: an ES256 JWT for this origin, signed by the key it names).
 * So a test sees the payload only if the server encrypted it for that browser and signed it properly.
 */

export type TestSubscription = {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives: send this to POST /api/push/subscriptions. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

export type Arrival = {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID public key the message was signed with (`k=`). */
  vapidKey: string;
  claims: JWTPayload;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined };
};

export type Answer = { status: number; headers?: Record<string, string> };
/** Never answered: the request stays open until its sender goes away (a fault test kills it). */
export const HOLD: Answer = { status: 0 };

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188 section 2: the plaintext of one aes128gcm body. */
export function decryptAes128gcm(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record: not what a push sends');
  const receiverPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hmac(hmac(keys.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=..., k=...` (RFC 8292) for `origin`; answers the key and the claims. */
async function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token = '', key = ''] = match;
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience: origin });
  const exp = payload.exp ?? 0;
  if (exp * 1000 - Date.now() > 24 * 3600 * 1000) throw new Error('VAPID JWT lives longer than 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error('no subject');
  return { key, claims: payload };
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export class TestPushService {
  readonly arrivals: Arrival[] = [];
  /** Requests that could not be read (bad encryption or VAPID): a test expects none. */
  readonly rejected: string[] = [];
  private readonly keys = new Map<string, Keys>();
  private readonly answers = new Map<string, Answer[]>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<TestPushService> {
    let service: TestPushService | undefined;
    const server = createServer((request, response) => {
      void service?.receive(request).then(
        (answer) => {
          if (answer === HOLD) return;
          response.writeHead(answer.status, answer.headers ?? {});
          response.end();
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    service = new TestPushService(server, `http://127.0.0.1:${port}`);
    return service;
  }

  /** A new browser subscription with its own keys. */
  subscribe(): TestSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(id, { ecdh, auth });
    return {
      id,
      json: {
        endpoint: `${this.origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    };
  }

  /** What the service answers the next messages to this subscription, in turn; then 201. */
  answerNext(subscriptionId: string, ...answers: Answer[]): void {
    this.answers.set(subscriptionId, [...(this.answers.get(subscriptionId) ?? []), ...answers]);
  }

  /** Every request that reached the service, answered or not, counted per subscription. */
  readonly attempts = new Map<string, number>();

  arrivalsFor(subscriptionId: string): Arrival[] {
    return this.arrivals.filter((arrival) => arrival.subscriptionId === subscriptionId);
  }

  private async receive(request: IncomingMessage): Promise<Answer> {
    const id = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? '')?.[1] ?? '';
    const body = await readBody(request);
    const keys = this.keys.get(id);
    if (!keys) return { status: 404 };
    this.attempts.set(id, (this.attempts.get(id) ?? 0) + 1);
    const scripted = this.answers.get(id)?.shift();
    if (scripted && (scripted === HOLD || scripted.status < 200 || scripted.status > 299)) return scripted;
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const { key, claims } = await verifyVapid(request.headers.authorization, this.origin);
      const payload: unknown = JSON.parse(decryptAes128gcm(body, keys).toString('utf8'));
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      this.arrivals.push({
        subscriptionId: id,
        payload,
        vapidKey: key,
        claims,
        headers: { ttl: header('ttl'), urgency: header('urgency'), topic: header('topic') },
      });
    } catch (error) {
      this.rejected.push((error as Error).message);
      return { status: 400 };
    }
    return scripted ?? { status: 201 };
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
