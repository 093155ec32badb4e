import { createHash } from 'node:crypto';
import { THEME_SCRIPT } from '#shared/api/theme-script';

/*
 * The security headers of every answer, written once at start (helmet rebuilt its policy strings on
 * each request, a measurable share of a small API call). The policy: everything from our own origin;
 * inline styles (React and Radix set style attributes, and the pre-rendered pages carry their first
 * paint's rules); one inline script, the theme's, allowed by its hash (#shared/api/theme-script); images
 * also from https (Google profile pictures); never framed; no referrer sent; and in production HTTPS
 * only (HSTS, upgrade).
 */

const themeScriptHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

export function securityHeaders(production: boolean): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${themeScriptHash}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': policy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}
