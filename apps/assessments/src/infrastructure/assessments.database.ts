import type { AssessmentOrderStatus, AtsName } from '@vi/contracts';
import type { ColumnType } from '@vi/platform-postgres';
import type { CallbackKind } from '../domain/order';

/** A jsonb column: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Row types of the `assessments` schema, for Kysely. */
export interface AssessmentsDatabase {
  orders: {
    uuid: string;
    company_uuid: string;
    created_by: string;
    ats: AtsName;
    test_uuid: string;
    candidate_name: string;
    candidate_email: string;
    candidate_phone: string | null;
    language: string;
    external_id: string | null;
    ats_fields: Json<Record<string, string>>;
    callback_url: string | null;
    interview_uuid: string;
    status: AssessmentOrderStatus;
    created_at: Date;
    updated_at: Date;
  };
  callbacks: {
    uuid: string;
    order_uuid: string;
    company_uuid: string;
    kind: CallbackKind;
    due_at: Date;
    attempts: number;
    locked_until: Date | null;
    last_status_code: number | null;
    last_error: string | null;
    delivered_at: Date | null;
    given_up_at: Date | null;
    created_at: Date;
  };
  callback_attempts: {
    uuid: string;
    callback_uuid: string;
    order_uuid: string;
    company_uuid: string;
    ats: AtsName;
    attempted_at: Date;
    status_code: number | null;
    error: string | null;
  };
  connections: {
    company_uuid: string;
    ats: AtsName;
    api_key_ciphertext: string;
    connected_at: Date;
  };
  processed_events: { event_id: string; processed_at: Date };
}
