import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';
const AUDIENCE = 'folio-preview';
/** Preview links live this long (seconds). */
export const PREVIEW_TOKEN_SECONDS = 10 * 60;

export interface PreviewClaims {
  userId: number;
  portfolioId: number;
  /** The session that asked for the link: the link works only while that session is open. */
  sessionId: string;
}

/**
 * Short-lived signed tokens for GET /api/preview/{id}: bound to a user, a portfolio and the session
 * that made them. The key is derived from the session secret, so a preview token is never a
 * session token and vice versa.
 */
export class PreviewTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('folio preview tokens v1').digest();
  }

  sign(claims: PreviewClaims): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ pid: claims.portfolioId, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + PREVIEW_TOKEN_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<PreviewClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: this.issuer,
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
      });
      const userId = Number(payload.sub);
      const { pid: portfolioId, sid: sessionId } = payload;
      if (!Number.isInteger(userId) || typeof portfolioId !== 'number') return null;
      if (typeof sessionId !== 'string') return null;
      return { userId, portfolioId, sessionId };
    } catch {
      return null;
    }
  }
}
