/**
 * Request URLs as they go into the log, with the secrets some of them carry taken out (issue 20): a public
 * proposal's link answers for the client, an invitation creates an account, a reset token sets a password.
 * Whoever reads the logs must not be able to use them.
 */
const SECRET_PATH_SEGMENTS = [
  /^(\/api\/v1\/public\/proposals\/)[^/?#]+/,
  /^(\/p\/)[^/?#]+/,
  /^(\/api\/v1\/invites\/)[^/?#]+/,
  /^(\/api\/v1\/auth\/validate-reset-token\/)[^/?#]+/,
];

/**
 * Query parameters that carry one (the reset and invitation links of the emails; the SSO callback's
 * authorization code and state, docs/product.md#single-sign-on).
 */
const SECRET_QUERY = /([?&](?:token|resetToken|publicToken|code|state)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATH_SEGMENTS) out = out.replace(pattern, `$1${REDACTED}`);
  return out.replace(SECRET_QUERY, `$1${REDACTED}`);
}
