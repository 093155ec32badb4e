// oidc-provider ships no types (DefinitelyTyped has them, not a dependency here); this declares the
// small part tests/server/helpers/certified-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Claims = Record<string, unknown> & { sub: string };
  type Account = { accountId: string; claims(use: string, scope: string): Claims | Promise<Claims> };

  type ClientMetadata = {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    response_types?: string[];
    grant_types?: string[];
    token_endpoint_auth_method?: string;
  };

  type Configuration = {
    clients: ClientMetadata[];
    /** Private keys; the first one of a kind signs. */
    jwks: { keys: Array<Record<string, unknown>> };
    /** Which claims each scope releases. */
    claims: Record<string, string[] | null>;
    /** False puts the scopes' claims into the ID token as well as at the userinfo endpoint. */
    conformIdTokenClaims?: boolean;
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
    pkce?: { required(ctx: unknown, client: unknown): boolean };
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
  };

  type Interaction = {
    uid: string;
    prompt: {
      name: 'login' | 'consent' | (string & {});
      details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    };
    params: Record<string, unknown>;
    session?: { accountId: string };
  };

  type InteractionResult =
    | { login: { accountId: string } }
    | { consent: { grantId: string } }
    | { error: string; error_description?: string };

  /** The part of Koa's context a middleware here reads and writes. */
  type Context = {
    method: string;
    path: string;
    body: unknown;
    oidc?: { route?: string };
  };

  class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, listener: (ctx: Context, error: Error & { error_detail?: string }) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }

  export default Provider;
}
