import { sql, type Kysely } from '@vi/platform-postgres';
import type { User } from '../domain/user';
import type { IdentityDatabase } from './identity.database';
import type { UserPage } from '../application/store';

export class UserRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  /** A live (not deleted) user. */
  async find(uuid: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('uuid', '=', uuid).where('deleted_at', 'is', null).executeTakeFirst();
    return row && toUser(row);
  }

  /** Users by uuid, deleted ones included. */
  async findIncludingDeleted(uuids: string[]): Promise<User[]> {
    if (uuids.length === 0) return [];
    const rows = await this.db.selectFrom('users').selectAll().where('uuid', 'in', uuids).execute();
    return rows.map(toUser);
  }

  async findCompanyUserByEmail(companyUuid: string, email: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('type', '=', 'company_user')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toUser(row);
  }

  /** Company users with this email in any company (emails are unique per company only). */
  async findActiveCompanyUsersByEmail(email: string): Promise<User[]> {
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('type', '=', 'company_user')
      .where('active', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map(toUser);
  }

  async findJobSeekerByEmail(email: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('type', '=', 'job_seeker')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toUser(row);
  }

  async findJobSeekersByEmail(emails: string[]): Promise<User[]> {
    if (emails.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where(
        sql<string>`lower(email)`,
        'in',
        emails.map((e) => e.toLowerCase()),
      )
      .where('type', '=', 'job_seeker')
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map(toUser);
  }

  async countCompanyUsers(companyUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_uuid', '=', companyUuid)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A page of a company's users, oldest first (uuid breaks ties so pages are stable). */
  async listByCompany(companyUuid: string, offset: number, limit: number): Promise<UserPage> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('users')
        .selectAll()
        .where('company_uuid', '=', companyUuid)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('uuid')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.countCompanyUsers(companyUuid),
    ]);
    return { users: rows.map(toUser), total };
  }

  async insert(user: User): Promise<void> {
    await this.db.insertInto('users').values(toRow(user)).execute();
  }

  async update(uuid: string, change: Partial<Pick<User, 'name' | 'email'>> & { updatedAt: Date }): Promise<void> {
    await this.db.updateTable('users').set({ name: change.name, email: change.email, updated_at: change.updatedAt }).where('uuid', '=', uuid).execute();
  }

  async markDeleted(uuid: string, at: Date): Promise<void> {
    await this.db.updateTable('users').set({ deleted_at: at, active: false, updated_at: at }).where('uuid', '=', uuid).execute();
  }
}

function toRow(user: User) {
  return {
    uuid: user.uuid,
    company_uuid: user.companyUuid,
    type: user.type,
    role: user.role,
    name: user.name,
    email: user.email,
    avatar_url: user.avatarUrl,
    active: user.active,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

export function toUser(row: IdentityDatabase['users']): User {
  return {
    uuid: row.uuid,
    companyUuid: row.company_uuid,
    type: row.type,
    role: row.role,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatar_url,
    active: row.active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
