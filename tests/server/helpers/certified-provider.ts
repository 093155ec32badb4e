import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import type Provider from 'oidc-provider';
import { vi } from 'vitest';

/*
 * oidc-provider (node-oidc-provider, OpenID Certified) on loopback, set up as Google is for Stride:
 * discovery, a confidential web client (client_secret_post), the code flow with PKCE S256 required,
 * RS256 ID tokens carrying email, email_verified, name, given_name, family_name and picture. The
 * person's part at the provider (Google's account chooser and consent screen) is played by an
 * interaction handler that picks the account named by login_hint and grants what the app asked for.
 */

/** An account at the provider, with the claims Google puts in its ID tokens. */
export type ProviderAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
};

export type CertifiedProvider = {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The key id (`kid`) of the key that signs now. */
  signingKeyId(): string;
  /**
   * Replaces the signing key with a new one and withdraws the old one from the JWKS at once, the
   * abrupt kind of rotation (Google publishes its next key ahead of use).
   */
  rotateSigningKey(): Promise<void>;
  /**
   * The next ID token the token endpoint hands out has its claims edited by `change` and is signed
   * again with the provider's own key (same `kid`): what a hostile or broken provider could send.
   */
  tamperWithNextIdToken(change: (claims: JWTPayload) => JWTPayload): void;
  /** Every ID token the token endpoint handed out, as sent. */
  readonly idTokens: string[];
  /** The name of every provider route served, in order (discovery, jwks, authorization, token, …). */
  readonly served: string[];
  /** What the provider refused, with the detail it logs: `invalid_grant` / "authorization code …". */
  readonly refusals: Array<{ error: string; detail: string | undefined }>;
  close(): Promise<void>;
};

type SigningKey = { kid: string; privateKey: CryptoKey; jwk: Record<string, unknown> };

async function newSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } };
}

/**
 * oidc-provider warns, on loading, that it wants Node 22 (it runs on our Node 20), and for each
 * instance that its store is in memory: meant for a server's operator, noise in a test's output.
 */
async function quietly<T>(make: () => T | Promise<T>): Promise<T> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    return await make();
  } finally {
    warn.mockRestore();
  }
}

export async function startCertifiedProvider(options: {
  /** The app's callback, the one redirect URI registered for the client. */
  redirectUri: string;
  accounts: ProviderAccount[];
}): Promise<CertifiedProvider> {
  const clientId = `${randomUUID()}.apps.example`;
  const clientSecret = randomBytes(24).toString('base64url');
  const cookieKeys = [randomBytes(32).toString('hex')];
  const idTokens: string[] = [];
  const served: string[] = [];
  const refusals: CertifiedProvider['refusals'] = [];
  let tamper: ((claims: JWTPayload) => JWTPayload) | undefined;
  let key = await newSigningKey();
  const { default: OidcProvider } = await quietly(() => import('oidc-provider'));

  const build = async (issuer: string, signing: SigningKey): Promise<Provider> => {
    const provider = await quietly(
      () =>
        new OidcProvider(issuer, {
          clients: [
            {
              client_id: clientId,
              client_secret: clientSecret,
              redirect_uris: [options.redirectUri],
              response_types: ['code'],
              grant_types: ['authorization_code'],
              token_endpoint_auth_method: 'client_secret_post',
            },
          ],
          jwks: { keys: [signing.jwk] },
          claims: {
            openid: ['sub'],
            email: ['email', 'email_verified'],
            profile: ['name', 'given_name', 'family_name', 'picture'],
          },
          // Google puts the profile and email claims in the ID token; the conformant default keeps them
          // for the userinfo endpoint, which Stride never calls.
          conformIdTokenClaims: false,
          async findAccount(_ctx, id) {
            const account = options.accounts.find((candidate) => candidate.sub === id);
            return account && { accountId: account.sub, claims: () => ({ ...account }) };
          },
          pkce: { required: () => true },
          // The screens are this file's interaction handler, not the provider's development pages.
          features: { devInteractions: { enabled: false } },
          cookies: { keys: cookieKeys },
          // Google's: ID and access tokens for an hour; the rest only needs to outlast a test.
          ttl: { IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
        }),
    );
    provider.use(async (ctx, next) => {
      await next();
      const route = ctx.oidc?.route;
      if (route) served.push(route);
      if (route !== 'token' || !isTokenResponse(ctx.body)) return;
      let idToken = ctx.body.id_token;
      if (tamper) {
        const change = tamper;
        tamper = undefined;
        idToken = await new SignJWT(change(decodeJwt(idToken)))
          .setProtectedHeader({ ...decodeProtectedHeader(idToken), alg: 'RS256', kid: signing.kid })
          .sign(signing.privateKey);
        ctx.body = { ...ctx.body, id_token: idToken };
      }
      idTokens.push(idToken);
    });
    for (const event of ['authorization.error', 'grant.error', 'server_error']) {
      provider.on(event, (_ctx, error) => {
        refusals.push({ error: error.message, detail: error.error_detail });
      });
    }
    return provider;
  };

  let provider: Provider | undefined;
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const use = (next: Provider) => {
    provider = next;
    handle = next.callback();
  };

  const server = createServer((req, res) => {
    if (!provider || !handle) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, options.accounts, req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  use(await build(issuer, key));

  return {
    issuer,
    clientId,
    clientSecret,
    idTokens,
    served,
    refusals,
    signingKeyId: () => key.kid,
    async rotateSigningKey() {
      key = await newSigningKey();
      use(await build(issuer, key));
    },
    tamperWithNextIdToken(change) {
      tamper = change;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function isTokenResponse(body: unknown): body is { id_token: string } {
  return (
    typeof body === 'object' && body !== null && typeof (body as { id_token?: unknown }).id_token === 'string'
  );
}

/**
 * The person at the provider: signs in as the account login_hint names (Google's account chooser),
 * then agrees to share what the app asked for (its consent screen). An unknown address is a refusal.
 */
async function interact(
  provider: Provider,
  accounts: ProviderAccount[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (interaction.prompt.name === 'login') {
    const account = accounts.find((candidate) => candidate.email === interaction.params.login_hint);
    const result = account
      ? { login: { accountId: account.sub } }
      : { error: 'access_denied', error_description: 'no such account' };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    return;
  }
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (interaction.prompt.name !== 'consent' || !accountId || typeof clientId !== 'string') {
    throw new Error(`unexpected interaction ${interaction.prompt.name}`);
  }
  const grant = new provider.Grant({ accountId, clientId });
  const { missingOIDCScope, missingOIDCClaims } = interaction.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
}
