import { IdentitySubjects, type ApiKeyEventPayload, type SessionsRevokedPayload, type UserEventPayload } from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { User } from '../domain/user';

function userPayload(user: User, defaultAvatarUrl: string, at: Date): UserEventPayload {
  return {
    uuid: user.uuid,
    company_uuid: user.companyUuid,
    type: user.type,
    role: user.role,
    name: user.name,
    email: user.email,
    avatar: user.avatarUrl ?? defaultAvatarUrl,
    occurred_at: toRfc3339(at),
  };
}

export const identityEvents = {
  /** A new company user's event carries the set-password link the notifications service emails. */
  userCreated: (user: User, avatar: string, setPasswordUrl?: string): NewEvent => ({
    subject: IdentitySubjects.UserCreated,
    payload: setPasswordUrl ? { ...userPayload(user, avatar, user.createdAt), set_password_url: setPasswordUrl } : userPayload(user, avatar, user.createdAt),
  }),
  userUpdated: (user: User, avatar: string): NewEvent => ({ subject: IdentitySubjects.UserUpdated, payload: userPayload(user, avatar, user.updatedAt) }),
  userDeleted: (user: User, avatar: string, at: Date): NewEvent => ({ subject: IdentitySubjects.UserDeleted, payload: userPayload(user, avatar, at) }),
  apiKeyCreated: (payload: ApiKeyEventPayload): NewEvent => ({ subject: IdentitySubjects.ApiKeyCreated, payload }),
  apiKeyRevoked: (payload: ApiKeyEventPayload): NewEvent => ({ subject: IdentitySubjects.ApiKeyRevoked, payload }),
  passwordResetRequested: (user: User, avatar: string, setPasswordUrl: string, at: Date): NewEvent => ({
    subject: IdentitySubjects.PasswordResetRequested,
    payload: { ...userPayload(user, avatar, at), set_password_url: setPasswordUrl },
  }),
  sessionsRevoked: (payload: SessionsRevokedPayload): NewEvent => ({ subject: IdentitySubjects.SessionsRevoked, payload }),
};
