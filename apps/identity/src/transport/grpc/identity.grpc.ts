import { identity } from '@vi/contracts';
import type { UnaryHandlers } from '@vi/platform-grpc';
import { toRfc3339 } from '@vi/platform-time';
import { createApiKey } from '../../application/create-api-key/create-api-key';
import { createCompany } from '../../application/create-company/create-company';
import { createUser } from '../../application/create-user/create-user';
import { deleteApiKey } from '../../application/delete-api-key/delete-api-key';
import { deleteUser } from '../../application/delete-user/delete-user';
import { getApiKey } from '../../application/get-api-key/get-api-key';
import { getCompany } from '../../application/get-company/get-company';
import { getCompanyPlan } from '../../application/get-company-plan/get-company-plan';
import { getSummaries } from '../../application/get-summaries/get-summaries';
import { ensureJobSeeker } from '../../application/ensure-job-seeker/ensure-job-seeker';
import { getMe } from '../../application/get-me/get-me';
import { getPlan } from '../../application/get-plan/get-plan';
import { getUser } from '../../application/get-user/get-user';
import { listPlans } from '../../application/list-plans/list-plans';
import { listUsers } from '../../application/list-users/list-users';
import { requestPasswordReset } from '../../application/request-password-reset/request-password-reset';
import { resolveApiKey } from '../../application/resolve-api-key/resolve-api-key';
import { resolveSession } from '../../application/resolve-session/resolve-session';
import type { ResolvedSession, SignedIn } from '../../application/sessions';
import { setPassword } from '../../application/set-password/set-password';
import { issueSetPasswordLink } from '../../application/set-password-link/set-password-link';
import { signIn } from '../../application/sign-in/sign-in';
import { signOut } from '../../application/sign-out/sign-out';
import { eraseJobSeeker } from '../../application/erase-job-seeker/erase-job-seeker';
import { setPlan } from '../../application/set-plan/set-plan';
import { updateApiKey } from '../../application/update-api-key/update-api-key';
import { updateUser } from '../../application/update-user/update-user';
import type { SessionLifetime } from '../../domain/session';
import type { UserRole } from '../../domain/user';
import type { ApiKeyVault } from '../../infrastructure/api-key-vault';
import type { PasswordHasher } from '../../infrastructure/password-hasher';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { IdentityMappers } from './identity.mappers';

export interface IdentityGrpcDeps {
  store: IdentityStore;
  vault: ApiKeyVault;
  defaultAvatarUrl: string;
  publicBaseUrl: string;
  hasher: PasswordHasher;
  sessionLifetime: SessionLifetime;
  now: () => Date;
}

function sessionMessage(session: ResolvedSession): identity.ResolvedSession {
  return {
    session_uuid: session.sessionUuid,
    user_uuid: session.userUuid,
    company_uuid: session.companyUuid ?? undefined,
    role: session.role ?? undefined,
    user_type: session.userType,
    ends_at: toRfc3339(session.endsAt),
    expires_at: toRfc3339(session.expiresAt),
  };
}

function signedInMessage(signedIn: SignedIn): identity.SignedIn {
  return { session_id: signedIn.sessionId, session: sessionMessage(signedIn.session) };
}

/** Transport only: request → use case → response message. */
export function identityGrpcHandlers(deps: IdentityGrpcDeps): UnaryHandlers<typeof identity.IdentityServiceService> {
  const map = new IdentityMappers(deps.defaultAvatarUrl);
  const empty = {};
  return {
    resolveApiKey: async (req, ctx) => {
      const key = await resolveApiKey(deps, ctx.principal, req.api_key);
      return {
        key_uuid: key.keyUuid,
        user_uuid: key.userUuid,
        company_uuid: key.companyUuid ?? undefined,
        role: key.role ?? undefined,
        user_type: key.userType,
      };
    },
    signIn: async (req, ctx) => signedInMessage(await signIn(deps, ctx.principal, { email: req.email, password: req.password })),
    setPassword: async (req, ctx) => signedInMessage(await setPassword(deps, ctx.principal, { token: req.token, password: req.password })),
    resolveSession: async (req, ctx) => sessionMessage(await resolveSession(deps, ctx.principal, req.session_id)),
    signOut: async (req, ctx) => {
      await signOut(deps, ctx.principal, req.session_id);
      return empty;
    },
    requestPasswordReset: async (req, ctx) => {
      await requestPasswordReset(deps, ctx.principal, req.email);
      return empty;
    },
    getMe: async (_req, ctx) => {
      const me = await getMe(deps, ctx.user());
      return {
        uuid: me.user.uuid,
        name: me.user.name,
        email: me.user.email,
        avatar: map.avatar(me.user.avatarUrl),
        type: me.user.type,
        company: me.company ? { ...map.companySummary(me.company.company), plan: map.plan(me.company.plan) } : undefined,
      };
    },
    getPlan: async (_req, ctx) => map.plan(await getPlan(deps, ctx.user())),
    getCompany: async (req, ctx) => map.company(await getCompany(deps, ctx.user(), req.company_uuid)),
    getCompanyPlan: async (req, ctx) => map.planDefinition(await getCompanyPlan(deps, ctx.principal, req.company_uuid)),
    getSummaries: async (req, ctx) => {
      const found = await getSummaries(deps, ctx.principal, { userUuids: req.user_uuids, companyUuids: req.company_uuids });
      return { users: found.users.map((u) => map.userSummary(u)), companies: found.companies.map((c) => map.companySummary(c)) };
    },
    ensureJobSeeker: async (req, ctx) => map.userSummary(await ensureJobSeeker(deps, ctx.user(), { name: req.name, email: req.email })),
    listUsers: async (req, ctx) => {
      const page = await listUsers(deps, ctx.user(), { rangeFrom: req.range_from, rangeTo: req.range_to });
      return { users: page.users.map((u) => map.companyUser(u, page.company)), total: page.total };
    },
    createUser: async (req, ctx) => {
      const view = await createUser(deps, ctx.user(), { name: req.name, email: req.email, role: req.role as UserRole });
      return map.companyUser(view.user, view.company);
    },
    getUser: async (req, ctx) => {
      const view = await getUser(deps, ctx.user(), req.user_uuid);
      return map.companyUser(view.user, view.company);
    },
    updateUser: async (req, ctx) => {
      const view = await updateUser(deps, ctx.user(), { userUuid: req.user_uuid, name: req.name, email: req.email });
      return map.companyUser(view.user, view.company);
    },
    issueSetPasswordLink: async (req, ctx) => ({ url: await issueSetPasswordLink(deps, ctx.principal, req.user_uuid) }),
    eraseJobSeeker: async (req, ctx) => map.userSummary(await eraseJobSeeker(deps, ctx.principal, req.email)),
    deleteUser: async (req, ctx) => {
      await deleteUser(deps, ctx.user(), req.user_uuid);
      return empty;
    },
    createApiKey: async (req, ctx) => map.apiKey(await createApiKey(deps, ctx.user(), req.user_uuid)),
    getApiKey: async (req, ctx) => map.apiKey(await getApiKey(deps, ctx.user(), req.user_uuid)),
    updateApiKey: async (req, ctx) =>
      map.apiKey(await updateApiKey(deps, ctx.user(), { userUuid: req.user_uuid, description: req.description, rotate: req.rotate })),
    deleteApiKey: async (req, ctx) => {
      await deleteApiKey(deps, ctx.user(), req.user_uuid);
      return empty;
    },
    createCompany: async (req, ctx) => {
      const created = await createCompany(deps, ctx.principal, {
        name: req.name,
        adminName: req.admin_name,
        adminEmail: req.admin_email,
        planCode: req.plan,
        adminApiKey: req.admin_api_key,
      });
      return { company_uuid: created.companyUuid, user_uuid: created.userUuid, api_key: created.apiKey, created: created.created };
    },
    setPlan: async (req, ctx) => map.plan(await setPlan(deps, ctx.principal, { companyUuid: req.company_uuid, planCode: req.plan })),
    listPlans: async (_req, ctx) => ({ plans: (await listPlans(deps, ctx.principal)).map((p) => map.planDefinition(p)) }),
  };
}
