import * as client from 'openid-client';

export type OidcSettings = {
  /** Issuer identifier: https://accounts.google.com, or the development issuer's URL. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Absolute URL of GET /api/auth/callback as the browser reaches it (registered at the issuer). */
  redirectUri: string;
};

/** What the browser must carry through the issuer and back; stored server-side until the callback. */
export type AuthorizationStart = {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
};

export type OidcIdentity = {
  sub: string;
  email: string;
  name: string | null;
  firstName: string | null;
  picture: string | null;
};

export type OidcClient = {
  /**
   * `prompt: 'select_account'` asks the issuer to show who is about to sign in instead of approving
   * silently; sign-ins started from another site ask for it (docs/decisions/002-sign-in.md).
   */
  startAuthorization(options: {
    loginHint?: string | undefined;
    prompt?: 'select_account' | undefined;
  }): Promise<AuthorizationStart>;
  /**
   * Checks the callback (state, issuer), redeems the code with the PKCE verifier and validates the ID
   * token (signature against the issuer's keys, iss, aud, exp, nonce). Throws on any failure.
   */
  finishAuthorization(
    callbackQuery: string,
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<OidcIdentity>;
};

const SCOPE = 'openid email profile';

/**
 * Discovery runs on first use, not at start, so the server boots even while the issuer is unreachable;
 * a failed discovery is forgotten so the next sign-in tries again.
 */
export function createOidcClient(
  settings: OidcSettings,
  /** Replaces fetch for every call to the issuer; tests use it to stand in a foreign signing key. */
  options: { fetch?: client.CustomFetch } = {},
): OidcClient {
  let configuration: Promise<client.Configuration> | undefined;
  const getConfiguration = (): Promise<client.Configuration> => {
    configuration ??= discover(settings, options.fetch).catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  return {
    async startAuthorization({ loginHint, prompt }) {
      const config = await getConfiguration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const parameters: Record<string, string> = {
        redirect_uri: settings.redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      };
      if (loginHint) parameters.login_hint = loginHint;
      if (prompt) parameters.prompt = prompt;
      return { url: client.buildAuthorizationUrl(config, parameters), state, codeVerifier, nonce };
    },

    async finishAuthorization(callbackQuery, checks) {
      const config = await getConfiguration();
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The issuer returned no ID token');
      return identityFromClaims(claims);
    },
  };
}

async function discover(
  settings: OidcSettings,
  customFetch: client.CustomFetch | undefined,
): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  // The ID token comes straight from the token endpoint, but its signature is still checked against
  // the issuer's JWKS: over plain http (the development issuer) TLS cannot vouch for it.
  const execute = [client.enableNonRepudiationChecks];
  if (issuer.protocol === 'http:') execute.push(client.allowInsecureRequests);
  return client.discovery(
    issuer,
    settings.clientId,
    { client_secret: settings.clientSecret, redirect_uris: [settings.redirectUri], response_types: ['code'] },
    client.ClientSecretPost(settings.clientSecret),
    customFetch ? { execute, [client.customFetch]: customFetch } : { execute },
  );
}

function identityFromClaims(claims: client.IDToken): OidcIdentity {
  const text = (key: string): string | null => {
    const value = claims[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const email = text('email');
  // The email scope is requested; without an address the user row (and the UI's fallbacks) lack one.
  if (email === null) throw new Error('The ID token carries no email claim');
  return {
    sub: claims.sub,
    email,
    name: text('name'),
    firstName: text('given_name'),
    picture: text('picture'),
  };
}
