import type { AtsName } from '@vi/contracts';
import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { OrderFilter, OrderRepository as OrderPort } from '../application/store';
import type { Order } from '../domain/order';
import type { AssessmentsDatabase } from './assessments.database';

type OrderRow = Selectable<AssessmentsDatabase['orders']>;

function orderOf(row: OrderRow): Order {
  return {
    uuid: row.uuid,
    companyUuid: row.company_uuid,
    createdBy: row.created_by,
    ats: row.ats,
    testUuid: row.test_uuid,
    candidate: { name: row.candidate_name, email: row.candidate_email, phone: row.candidate_phone },
    language: row.language,
    externalId: row.external_id,
    atsFields: row.ats_fields,
    callbackUrl: row.callback_url,
    interviewUuid: row.interview_uuid,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Orders: at most one open per ATS, company, test and candidate email (the partial unique index `orders_one_open`). */
export class OrderRepository implements OrderPort {
  constructor(private readonly db: Kysely<AssessmentsDatabase>) {}

  async insertIfNoneOpen(order: Order): Promise<{ order: Order; created: boolean }> {
    const inserted = await sql<OrderRow>`
      insert into orders (uuid, company_uuid, created_by, ats, test_uuid, candidate_name, candidate_email, candidate_phone, language,
        external_id, ats_fields, callback_url, interview_uuid, status, created_at, updated_at)
      values (${order.uuid}, ${order.companyUuid}, ${order.createdBy}, ${order.ats}, ${order.testUuid}, ${order.candidate.name},
        ${order.candidate.email}, ${order.candidate.phone}, ${order.language}, ${order.externalId}, ${JSON.stringify(order.atsFields)},
        ${order.callbackUrl}, ${order.interviewUuid}, ${order.status}, ${order.createdAt}, ${order.updatedAt})
      on conflict (ats, company_uuid, test_uuid, lower(candidate_email)) where status in ('sent', 'started') do nothing
      returning *`.execute(this.db);
    if (inserted.rows.length > 0) return { order: orderOf(inserted.rows[0]), created: true };
    const open = await this.findOpen(order.companyUuid, order.ats, order.testUuid, order.candidate.email);
    // The open one ended between the two statements: try again (it no longer holds the index).
    return open ? { order: open, created: false } : this.insertIfNoneOpen(order);
  }

  async findOpen(companyUuid: string, ats: AtsName, testUuid: string, email: string): Promise<Order | undefined> {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('ats', '=', ats)
      .where('company_uuid', '=', companyUuid)
      .where('test_uuid', '=', testUuid)
      .where(sql`lower(candidate_email)`, '=', email.toLowerCase())
      .where('status', 'in', ['sent', 'started'])
      .executeTakeFirst();
    return row && orderOf(row);
  }

  async find(companyUuid: string, uuid: string): Promise<Order | undefined> {
    const row = await this.db.selectFrom('orders').selectAll().where('uuid', '=', uuid).where('company_uuid', '=', companyUuid).executeTakeFirst();
    return row && orderOf(row);
  }

  async findByInterview(interviewUuid: string, options: { lock?: boolean } = {}): Promise<Order | undefined> {
    const query = this.db.selectFrom('orders').selectAll().where('interview_uuid', '=', interviewUuid);
    const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst();
    return row && orderOf(row);
  }

  async get(uuid: string): Promise<Order | undefined> {
    const row = await this.db.selectFrom('orders').selectAll().where('uuid', '=', uuid).executeTakeFirst();
    return row && orderOf(row);
  }

  async setStatus(uuid: string, status: Order['status'], at: Date): Promise<void> {
    await this.db.updateTable('orders').set({ status, updated_at: at }).where('uuid', '=', uuid).execute();
  }

  async delete(uuid: string): Promise<void> {
    await this.db.deleteFrom('orders').where('uuid', '=', uuid).execute();
  }

  async list(companyUuid: string, filter: OrderFilter): Promise<{ orders: Order[]; total: number }> {
    let query = this.db.selectFrom('orders').where('company_uuid', '=', companyUuid);
    if (filter.ats.length > 0) query = query.where('ats', 'in', filter.ats);
    if (filter.statuses.length > 0) query = query.where('status', 'in', filter.statuses);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('uuid', 'desc').offset(filter.offset).limit(filter.limit).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { orders: rows.map(orderOf), total: Number(count.total) };
  }

  async firstAt(companyUuid: string, ats: AtsName): Promise<Date | null> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.min('created_at').as('first'))
      .where('company_uuid', '=', companyUuid)
      .where('ats', '=', ats)
      .executeTakeFirst();
    return (row?.first as Date | null | undefined) ?? null;
  }
}
