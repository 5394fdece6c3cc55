import type { identity } from '@vi/contracts';
import type { UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { createApiKey } from '../../application/create-api-key/create-api-key';
import { createCompany } from '../../application/create-company/create-company';
import { createUser } from '../../application/create-user/create-user';
import { deleteApiKey } from '../../application/delete-api-key/delete-api-key';
import { deleteUser } from '../../application/delete-user/delete-user';
import { ensureJobSeeker, ensureJobSeekers } from '../../application/ensure-job-seeker/ensure-job-seeker';
import { eraseJobSeeker } from '../../application/erase-job-seeker/erase-job-seeker';
import { getApiKey } from '../../application/get-api-key/get-api-key';
import { getCompany } from '../../application/get-company/get-company';
import { getCompanyPlan } from '../../application/get-company-plan/get-company-plan';
import { getMe } from '../../application/get-me/get-me';
import { getPlan } from '../../application/get-plan/get-plan';
import { getSummaries } from '../../application/get-summaries/get-summaries';
import { getUser } from '../../application/get-user/get-user';
import { listPlans } from '../../application/list-plans/list-plans';
import { listCompanyAdministrators } from '../../application/list-company-administrators/list-company-administrators';
import { listUsers } from '../../application/list-users/list-users';
import { requestPasswordReset } from '../../application/request-password-reset/request-password-reset';
import { resolveApiKey } from '../../application/resolve-api-key/resolve-api-key';
import { resolveSession } from '../../application/resolve-session/resolve-session';
import { setPassword } from '../../application/set-password/set-password';
import { issueSetPasswordLink } from '../../application/set-password-link/set-password-link';
import { setPlan } from '../../application/set-plan/set-plan';
import { signIn } from '../../application/sign-in/sign-in';
import { signOut } from '../../application/sign-out/sign-out';
import { updateApiKey } from '../../application/update-api-key/update-api-key';
import { updateUser } from '../../application/update-user/update-user';
import type { SessionLifetime } from '../../domain/session';
import type { UserRole } from '../../domain/user';
import type { ApiKeyVault } from '../../application/ports';
import type { IdentityStore, SignInWindow } from '../../application/store';
import type { PasswordHasher } from '../../application/ports';

export interface IdentityGrpcDeps {
  store: IdentityStore;
  vault: ApiKeyVault;
  defaultAvatarUrl: string;
  publicBaseUrl: string;
  hasher: PasswordHasher;
  sessionLifetime: SessionLifetime;
  signInWindow: SignInWindow;
  clock: Clock;
}

/** Transport only: request → use case → response message. */
export function identityGrpcHandlers(deps: IdentityGrpcDeps): UnaryHandlers<typeof identity.IdentityServiceService> {
  const empty = {};
  return {
    resolveApiKey: async (req, ctx) => resolveApiKey(deps, ctx.principal, req.api_key),
    signIn: async (req, ctx) => signIn(deps, ctx.principal, { email: req.email, password: req.password }),
    setPassword: async (req, ctx) => setPassword(deps, ctx.principal, { token: req.token, password: req.password }),
    resolveSession: async (req, ctx) => resolveSession(deps, ctx.principal, req.session_id),
    signOut: async (req, ctx) => {
      await signOut(deps, ctx.principal, req.session_id);
      return empty;
    },
    requestPasswordReset: async (req, ctx) => {
      await requestPasswordReset(deps, ctx.principal, req.email);
      return empty;
    },
    getMe: async (_req, ctx) => getMe(deps, ctx.user()),
    getPlan: async (_req, ctx) => getPlan(deps, ctx.user()),
    getCompany: async (req, ctx) => getCompany(deps, ctx.user(), req.company_uuid),
    getCompanyPlan: async (req, ctx) => getCompanyPlan(deps, ctx.principal, req.company_uuid),
    listCompanyAdministrators: async (req, ctx) => listCompanyAdministrators(deps, ctx.principal, req.company_uuid),
    getSummaries: async (req, ctx) => getSummaries(deps, ctx.principal, { userUuids: req.user_uuids, companyUuids: req.company_uuids }),
    ensureJobSeeker: async (req, ctx) => ensureJobSeeker(deps, ctx.user(), { name: req.name, email: req.email }),
    ensureJobSeekers: async (req, ctx) => {
      const wanted = req.summaries && { userUuids: req.summaries.user_uuids, companyUuids: req.summaries.company_uuids };
      const { jobSeekers, summaries } = await ensureJobSeekers(deps, ctx.user(), req.assignees, wanted);
      return { users: jobSeekers, summaries };
    },
    listUsers: async (req, ctx) => listUsers(deps, ctx.user(), { rangeFrom: req.range_from, rangeTo: req.range_to }),
    createUser: async (req, ctx) => createUser(deps, ctx.user(), { name: req.name, email: req.email, role: req.role as UserRole }),
    getUser: async (req, ctx) => getUser(deps, ctx.user(), req.user_uuid),
    updateUser: async (req, ctx) => updateUser(deps, ctx.user(), { userUuid: req.user_uuid, name: req.name, email: req.email }),
    issueSetPasswordLink: async (req, ctx) => issueSetPasswordLink(deps, ctx.principal, { userUuid: req.user_uuid, recipient: req.recipient }),
    eraseJobSeeker: async (req, ctx) => eraseJobSeeker(deps, ctx.principal, req.email),
    deleteUser: async (req, ctx) => {
      await deleteUser(deps, ctx.user(), req.user_uuid);
      return empty;
    },
    createApiKey: async (req, ctx) => createApiKey(deps, ctx.user(), req.user_uuid),
    getApiKey: async (req, ctx) => getApiKey(deps, ctx.user(), req.user_uuid),
    updateApiKey: async (req, ctx) => updateApiKey(deps, ctx.user(), { userUuid: req.user_uuid, description: req.description, rotate: req.rotate }),
    deleteApiKey: async (req, ctx) => {
      await deleteApiKey(deps, ctx.user(), req.user_uuid);
      return empty;
    },
    createCompany: async (req, ctx) =>
      createCompany(deps, ctx.principal, {
        name: req.name,
        adminName: req.admin_name,
        adminEmail: req.admin_email,
        planCode: req.plan,
        adminApiKey: req.admin_api_key,
      }),
    setPlan: async (req, ctx) => setPlan(deps, ctx.principal, { companyUuid: req.company_uuid, planCode: req.plan }),
    listPlans: async (_req, ctx) => listPlans(deps, ctx.principal),
  };
}
