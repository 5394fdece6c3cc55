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
  /** No set-password link: the notifications service asks for one when it sends the email (decision 018). */
  userCreated: (user: User, avatar: string): NewEvent => ({ subject: IdentitySubjects.UserCreated, payload: userPayload(user, avatar, user.createdAt) }),
  userUpdated: (user: User, avatar: string): NewEvent => ({ subject: IdentitySubjects.UserUpdated, payload: userPayload(user, avatar, user.updatedAt) }),
  userDeleted: (user: User, avatar: string, at: Date): NewEvent => ({ subject: IdentitySubjects.UserDeleted, payload: userPayload(user, avatar, at) }),
  apiKeyCreated: (payload: ApiKeyEventPayload): NewEvent => ({ subject: IdentitySubjects.ApiKeyCreated, payload }),
  apiKeyRevoked: (payload: ApiKeyEventPayload): NewEvent => ({ subject: IdentitySubjects.ApiKeyRevoked, payload }),
  /** No link either: notifications asks for a fresh one when it sends the reset email (decision 018). */
  passwordResetRequested: (user: User, avatar: string, at: Date): NewEvent => ({ subject: IdentitySubjects.PasswordResetRequested, payload: userPayload(user, avatar, at) }),
  sessionsRevoked: (payload: SessionsRevokedPayload): NewEvent => ({ subject: IdentitySubjects.SessionsRevoked, payload }),
};
