import { AppError } from '@folio/core';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/** Our clock and Google's may differ by this much (expiry, not-before and issue time). */
export const GOOGLE_CLOCK_TOLERANCE_S = 5 * 60;
/** A token issued longer ago than this is refused whatever its expiry says (Google's last 1 h). */
export const GOOGLE_MAX_TOKEN_AGE_S = 60 * 60;

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | undefined;
}

/**
 * Verifies Google ID tokens: signature against Google's key set, audience, issuer, expiry, issue
 * time (not in the future, at most an hour ago; both with a few minutes' clock skew), verified email.
 */
export class GoogleVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl));
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
        clockTolerance: GOOGLE_CLOCK_TOLERANCE_S,
        maxTokenAge: GOOGLE_MAX_TOKEN_AGE_S,
      }));
    } catch (err) {
      throw new AppError('INVALID_CREDENTIALS', 'Google login failed: invalid token', {
        cause: err,
      });
    }
    const { sub, email, email_verified: verified, name } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof email !== 'string') {
      throw new AppError('INVALID_CREDENTIALS', 'Google login failed: token has no email');
    }
    if (verified !== true) {
      throw new AppError(
        'INVALID_CREDENTIALS',
        'Google login failed: email not verified by Google',
      );
    }
    return { sub, email, name: typeof name === 'string' ? name : undefined };
  }
}
