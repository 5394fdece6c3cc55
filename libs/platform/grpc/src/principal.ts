import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export type UserRole = 'administrator' | 'standard';
export type UserType = 'company_user' | 'job_seeker';

/** Who a call acts for: the user behind an API key (or a candidate token). */
export interface UserPrincipal {
  kind: 'user';
  userUuid: string;
  companyUuid: string | null;
  role: UserRole | null;
  userType: UserType;
  /** A job seeker acting through one interview's candidate link may act on that interview only. */
  interviewUuid?: string;
}

/** A platform process calling on its own behalf (the gateway resolving a key, the admin CLI). */
export interface ServicePrincipal {
  kind: 'service';
  service: string;
}

export type Principal = UserPrincipal | ServicePrincipal;

/**
 * Who a use case acts for, and until when: what it passes on to every call it makes to another service (a service's
 * outbound ports take it first, decision 033). A user unless said: sharing also acts as itself for a link's reviewer.
 */
export interface Caller<P extends Principal = UserPrincipal> {
  principal: P;
  deadline?: Date;
}

interface PrincipalClaims {
  sub: string;
  cid?: string | null;
  role?: UserRole | null;
  utyp?: UserType;
  iid?: string;
  svc?: string;
}

const ISSUER = 'video-interviewing-platform';

/**
 * Short-lived HS256 tokens carrying the principal between processes. Services
 * verify every call's token and trust nothing unsigned.
 */
export class PrincipalTokens {
  // One key object for the process: given the string, jsonwebtoken makes a new one on every sign and verify.
  private readonly secret: KeyObject;
  /** Tokens signed lately, by principal: reused for the first half of their life (decision 023). */
  private readonly signed = new Map<string, { token: string; reuseUntil: number }>();
  /** Tokens verified lately: the same string verifies the same way until it expires. */
  private readonly verified = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds = 60,
    private readonly maxRemembered = 10_000,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(principal: Principal): string {
    const claims: PrincipalClaims =
      principal.kind === 'user'
        ? { sub: principal.userUuid, cid: principal.companyUuid, role: principal.role, utyp: principal.userType, iid: principal.interviewUuid }
        : { sub: `service:${principal.service}`, svc: principal.service };
    const key = `${claims.sub}|${claims.cid ?? ''}|${claims.role ?? ''}|${claims.utyp ?? ''}|${claims.iid ?? ''}|${claims.svc ?? ''}`;
    const now = Date.now();
    const remembered = this.signed.get(key);
    if (remembered && remembered.reuseUntil > now) return remembered.token;
    const token = jwt.sign(claims, this.secret, { algorithm: 'HS256', expiresIn: this.ttlSeconds, issuer: ISSUER });
    remember(this.signed, key, { token, reuseUntil: now + (this.ttlSeconds * 1000) / 2 }, this.maxRemembered);
    return token;
  }

  /** Returns the principal, or null when the token is missing, forged or expired. */
  verify(token: string | undefined): Principal | null {
    if (!token) return null;
    const remembered = this.verified.get(token);
    if (remembered) {
      if (remembered.expiresAt > Date.now()) return remembered.principal;
      this.verified.delete(token);
    }
    try {
      const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'], issuer: ISSUER }) as PrincipalClaims & { exp?: number };
      const principal = principalOf(claims);
      if (principal && claims.exp) remember(this.verified, token, { principal, expiresAt: claims.exp * 1000 }, this.maxRemembered);
      return principal;
    } catch {
      return null;
    }
  }
}

function principalOf(claims: PrincipalClaims): Principal | null {
  if (claims.svc) return { kind: 'service', service: claims.svc };
  if (!claims.utyp) return null;
  return {
    kind: 'user',
    userUuid: claims.sub,
    companyUuid: claims.cid ?? null,
    role: claims.role ?? null,
    userType: claims.utyp,
    ...(claims.iid ? { interviewUuid: claims.iid } : {}),
  };
}

/** A bounded memory: when full it starts over (entries are cheap to make again). */
function remember<T>(entries: Map<string, T>, key: string, value: T, max: number): void {
  if (entries.size >= max) entries.clear();
  entries.set(key, value);
}
