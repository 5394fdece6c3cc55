import { randomUUID } from 'node:crypto';
import { IdentitySubjects, generateApiKey, type identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { Company, User } from '../../domain/user';
import type { ApiKeyVault } from '../ports';
import type { IdentityStore } from '../store';
import { apiKeyEvents } from '../api-key-rendering';
import { companyEvent } from '../company-rendering';
import { userEvents } from '../user-rendering';

type Store = StoreOf<IdentityStore, 'plans' | 'companies' | 'users' | 'apiKeys'>;
type Transaction = Parameters<Parameters<Store['transaction']>[0]>[0];

export interface CreateCompanyInput {
  name: string;
  adminName: string;
  adminEmail: string;
  planCode: string;
  /** An operator-chosen key (bootstrap), accepted in any shape; generated when absent. */
  adminApiKey?: string;
}

/**
 * Creates a company with its first administrator and that administrator's key.
 * With an operator-chosen key it is idempotent: the same company name and
 * administrator email find the existing company, whose administrator then
 * holds exactly the configured key.
 */
export async function createCompany(
  deps: { store: Store; vault: ApiKeyVault; defaultAvatarUrl: string; clock: Clock },
  caller: Principal,
  input: CreateCompanyInput,
): Promise<identity.CreatedCompany> {
  requireOperator(caller);
  return deps.store.transaction(async (tx) => {
    const plan = await tx.plans.find(input.planCode);
    if (!plan) throw new IdentityError(IdentityErrorCode.PlanNotFound, `Unknown plan ${input.planCode}`);
    if (input.adminApiKey) {
      const existing = await tx.companies.findByName(input.name);
      const admin = existing && (await tx.users.findCompanyUserByEmail(existing.uuid, input.adminEmail));
      if (existing && admin) {
        await ensureKey(tx, deps.vault, admin, input.adminApiKey, deps.clock.now());
        return { company_uuid: existing.uuid, user_uuid: admin.uuid, api_key: input.adminApiKey, created: false };
      }
    }
    const now = deps.clock.now();
    const company: Company = {
      uuid: randomUUID(),
      name: input.name,
      website: '',
      summary: '',
      avatarUrl: null,
      horizontalLogoUrl: null,
      social: {},
      location: null,
      video: null,
      industry: null,
      planCode: plan.code,
      planStartedAt: now,
      usersPaid: 0,
      downgradePlanCode: null,
      downgradeAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const admin: User = {
      uuid: randomUUID(),
      companyUuid: company.uuid,
      type: 'company_user',
      role: 'administrator',
      name: input.adminName,
      email: input.adminEmail,
      avatarUrl: null,
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    await tx.companies.insert(company);
    await tx.users.insert(admin);
    const apiKey = input.adminApiKey ?? generateApiKey();
    await ensureKey(tx, deps.vault, admin, apiKey, now);
    await tx.publish([companyEvent(IdentitySubjects.CompanyCreated, company, plan), userEvents.created(admin, deps.defaultAvatarUrl)]);
    return { company_uuid: company.uuid, user_uuid: admin.uuid, api_key: apiKey, created: true };
  });
}

/** The administrator holds exactly this key: a different one is rotated to it (and revoked everywhere). */
async function ensureKey(tx: Transaction, vault: ApiKeyVault, user: User, value: string, now: Date): Promise<void> {
  const keyHash = vault.hash(value);
  const current = await tx.apiKeys.findByUser(user.uuid);
  if (current?.keyHash === keyHash) return;
  if (current) {
    await tx.apiKeys.update(current.uuid, { keyHash, keyCiphertext: vault.encrypt(value), updatedAt: now });
    await tx.publish([apiKeyEvents.revoked({ key_uuid: current.uuid, user_uuid: user.uuid, company_uuid: user.companyUuid, reason: 'rotated' })]);
    return;
  }
  await tx.apiKeys.insert({
    uuid: randomUUID(),
    userUuid: user.uuid,
    keyHash,
    keyCiphertext: vault.encrypt(value),
    description: 'Administrator key',
    type: 'custom_integration',
    lastUsedAt: null,
    createdAt: now,
    updatedAt: now,
  });
}
