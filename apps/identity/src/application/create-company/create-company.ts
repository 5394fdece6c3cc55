import { randomUUID } from 'node:crypto';
import { IdentitySubjects, generateApiKey, type CompanyEventPayload } from '@vi/contracts';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { Company, User } from '../../domain/user';
import type { ApiKeyVault } from '../../infrastructure/api-key-vault';
import type { IdentityStore, IdentityTransaction } from '../../infrastructure/identity.store';
import { identityEvents } from '../identity-events';

export interface CreateCompanyInput {
  name: string;
  adminName: string;
  adminEmail: string;
  planCode: string;
  /** An operator-chosen key (bootstrap), accepted in any shape; generated when absent. */
  adminApiKey?: string;
}

export interface CreatedCompany {
  companyUuid: string;
  userUuid: string;
  apiKey: string;
  created: boolean;
}

/**
 * Creates a company with its first administrator and that administrator's key.
 * With an operator-chosen key it is idempotent: the same company name and
 * administrator email find the existing company, whose administrator then
 * holds exactly the configured key.
 */
export async function createCompany(
  deps: { store: IdentityStore; vault: ApiKeyVault; defaultAvatarUrl: string },
  caller: Principal,
  input: CreateCompanyInput,
): Promise<CreatedCompany> {
  requireOperator(caller);
  return deps.store.transaction(async (tx) => {
    const plan = await tx.plans.find(input.planCode);
    if (!plan) throw new IdentityError(IdentityErrorCode.PlanNotFound, `Unknown plan ${input.planCode}`);
    if (input.adminApiKey) {
      const existing = await tx.companies.findByName(input.name);
      const admin = existing && (await tx.users.findCompanyUserByEmail(existing.uuid, input.adminEmail));
      if (existing && admin) {
        await ensureKey(tx, deps.vault, admin, input.adminApiKey);
        return { companyUuid: existing.uuid, userUuid: admin.uuid, apiKey: input.adminApiKey, created: false };
      }
    }
    const now = new Date();
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
    await ensureKey(tx, deps.vault, admin, apiKey);
    const companyPayload: CompanyEventPayload = { uuid: company.uuid, name: company.name, plan: plan.code, features: plan.features };
    await tx.publish([
      { subject: IdentitySubjects.CompanyCreated, payload: companyPayload },
      identityEvents.userCreated(admin, deps.defaultAvatarUrl),
    ]);
    return { companyUuid: company.uuid, userUuid: admin.uuid, apiKey, created: true };
  });
}

async function ensureKey(tx: IdentityTransaction, vault: ApiKeyVault, user: User, value: string): Promise<void> {
  const keyHash = vault.hash(value);
  const current = await tx.apiKeys.findByUser(user.uuid);
  const now = new Date();
  if (current?.keyHash === keyHash) return;
  if (current) {
    await tx.apiKeys.update(current.uuid, { keyHash, keyCiphertext: vault.encrypt(value), updatedAt: now });
    await tx.publish([identityEvents.apiKeyRevoked({ key_uuid: current.uuid, user_uuid: user.uuid, company_uuid: user.companyUuid, reason: 'rotated' })]);
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
