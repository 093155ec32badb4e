import { createHash } from 'node:crypto';
import { APP_START_SCRIPT } from '#shared/api/app-start-script';
import { THEME_SCRIPT } from '#shared/api/theme-script';

/*
 * The security headers of every answer, written once at start (helmet rebuilt its policy strings on
 * each request, a measurable share of a small API call). The policy: everything from our own origin;
 * inline styles (React and Radix set style attributes, and the pre-rendered pages carry their first
 * paint's rules); two inline scripts, allowed by their hashes: the theme's (#shared/api/theme-script) and
 * the pre-rendered pages' start (#shared/api/app-start-script); images
 * also from https (Google profile pictures); never framed; no referrer sent; and in production HTTPS
 * only (HSTS, upgrade).
 */

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const inlineScripts = [THEME_SCRIPT, APP_START_SCRIPT].map(hashOf).join(' ');

export function securityHeaders(production: boolean): Record<string, string> {
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts}`,
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
