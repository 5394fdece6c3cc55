/**
 * Events published by the identity service (through its outbox). Subjects
 * follow `<service>.<entity>.<past-tense-verb>`.
 */
export const IdentitySubjects = {
  CompanyCreated: 'identity.company.created',
  CompanyPlanChanged: 'identity.company.plan_changed',
  /** A company user was made (a company's administrator, or a user added to it): notifications emails a set-password link. */
  UserCreated: 'identity.user.created',
  /**
   * A job seeker was made (a first invitation of their email). A subject of its own, with the same payload, so the
   * consumers of company users' creations are not sent (and do not skip) one event per invited candidate (decision 060).
   */
  JobSeekerCreated: 'identity.job_seeker.created',
  UserUpdated: 'identity.user.updated',
  UserDeleted: 'identity.user.deleted',
  /** A company user asked for a new set-password link (the forgot-password page): the payload carries it. */
  PasswordResetRequested: 'identity.user.password_reset_requested',
  /** A user without a password got a new email: the new address is sent a set-password link (decision 034). */
  SetPasswordRequested: 'identity.user.set_password_requested',
  /** Web sessions ended before their time (sign-out, password set): gateways drop them from their caches. */
  SessionsRevoked: 'identity.session.revoked',
  ApiKeyCreated: 'identity.api_key.created',
  ApiKeyRevoked: 'identity.api_key.revoked',
} as const;

export interface UserEventPayload {
  uuid: string;
  company_uuid: string | null;
  type: 'company_user' | 'job_seeker';
  role: 'administrator' | 'standard' | null;
  name: string;
  email: string;
  avatar: string;
  occurred_at: string;
}

/** identity.user.password_reset_requested: the user, and the name of the company whose account the link is for. */
export interface PasswordResetRequestedPayload extends UserEventPayload {
  company_name: string;
}

export interface CompanyEventPayload {
  uuid: string;
  name: string;
  plan: string;
  features: Record<string, boolean>;
}

export interface ApiKeyEventPayload {
  key_uuid: string;
  user_uuid: string;
  company_uuid: string | null;
  /** Why a key stopped working: it was deleted, rotated, or its user was deleted. */
  reason?: 'deleted' | 'rotated' | 'user_deleted';
}

export interface SessionsRevokedPayload {
  user_uuid: string;
  /** One session (sign-out); absent, every session of the user (a new password or email). */
  session_uuid?: string;
  reason: 'signed_out' | 'password_set' | 'email_changed';
}
