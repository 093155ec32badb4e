import { SIGN_OUT_PATH } from '#shared/api/wire-names';

/*
 * The two pages sign-out answers with instead of going home (docs/product.md#signed-out-pages). They
 * are plain HTML from the server: they must work while the database is down and before any of the
 * app's scripts load, and they carry no data of the person's.
 */

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} · Stride</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;padding:1rem;box-sizing:border-box}
main{max-width:26rem}
h1{font-size:1.4rem;margin:0 0 .5rem}
button,a.button{font:inherit;display:inline-block;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid currentColor;background:none;color:inherit;cursor:pointer;text-decoration:none;margin:.5rem .5rem 0 0}
button{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

/** A sign-out link followed from another site, or sent without proof of where it came from. */
export function confirmSignOutPage(): string {
  return page(
    'Sign out?',
    `<h1>Sign out of Stride?</h1>
<p>A link asked to sign you out. Sign out only if you meant to.</p>
<form method="get" action="${SIGN_OUT_PATH}"><button type="submit">Sign out</button><a class="button" href="/">Stay signed in</a></form>`,
  );
}

/** Sign-out with the database out of reach: the cookie is gone, the session row could not be. */
export function signedOutOnThisDevicePage(): string {
  return page(
    'Signed out on this device',
    `<h1>Signed out on this device</h1>
<p>Stride could not reach its database just now, so it could not end this session on the server as well.
The browser no longer holds it, and it expires by itself after 30 days unused; to end it at once, sign in
again later and choose “Sign out everywhere else” in your account settings.</p>
<a class="button" href="/">Go to Stride</a>`,
  );
}
