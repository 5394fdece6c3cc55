import type { OutboxTable } from '@vi/platform-bus';

/** Row types of the `identity` schema, for Kysely. */
export interface IdentityDatabase {
  plans: {
    code: string;
    name: string;
    rank: number;
    jobs_limit: number;
    users_limit: number;
    features: Record<string, boolean>;
  };
  companies: {
    uuid: string;
    name: string;
    website: string;
    summary: string;
    avatar_url: string | null;
    horizontal_logo_url: string | null;
    social: Record<string, string>;
    location: { uuid: string; formatted_address: string; google_place_id: string } | null;
    video: { url: string; mobile: string; embed: string; thumbnail: string } | null;
    industry: { uuid: string; name: string } | null;
    plan_code: string;
    plan_started_at: Date;
    users_paid: number;
    downgrade_plan_code: string | null;
    downgrade_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  users: {
    uuid: string;
    company_uuid: string | null;
    type: 'company_user' | 'job_seeker';
    role: 'administrator' | 'standard' | null;
    name: string;
    email: string;
    avatar_url: string | null;
    active: boolean;
    created_at: Date;
    updated_at: Date;
    deleted_at: Date | null;
  };
  api_keys: {
    uuid: string;
    user_uuid: string;
    key_hash: string;
    key_ciphertext: string;
    description: string;
    type: string;
    last_used_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  set_password_tokens: {
    token_hash: string;
    user_uuid: string;
    expires_at: Date;
    used_at: Date | null;
    created_at: Date;
  };
  sign_in_failures: {
    account: string;
    failures: number;
    window_ends_at: Date;
  };
  user_passwords: {
    user_uuid: string;
    algorithm: string;
    params: Record<string, number>;
    salt: string;
    hash: string;
    updated_at: Date;
  };
  sessions: {
    uuid: string;
    id_hash: string;
    user_uuid: string;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
  };
  outbox: OutboxTable;
}
