/**
 * Operator CLI: `npm run admin -- <command>`. Talks to identity (IDENTITY_GRPC_URL)
 * and, for customer support, to interviews (INTERVIEWS_GRPC_URL) over gRPC, signing calls with INTERNAL_JWT_SECRET; for a local
 * `npm start` it reads the secret from ./data/local-secrets.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '@vi/platform-errors';
import { eraseJobSeeker } from './erase-job-seeker';
import { OperatorClient } from './operator-client';
import { SupportClient } from './support-client';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-company --name N --admin-name A --admin-email E [--plan P] [--json]
      Creates a company with its first administrator; prints the company uuid,
      the administrator's uuid and API key (--json: one line of JSON).
  set-plan --company UUID --plan P
      Upgrades at once, or schedules a downgrade for the end of the billing period.
  list-plans
      Lists the plans of the catalogue.
  reset-interview --interview UUID [--scheduled-at RFC3339]
      Customer support: puts an interview back to requested, clears its answers,
      takes and rating, and emails the job seeker a new link (InterviewReset).
      --scheduled-at is required when the due time has passed.
  erase-job-seeker --email E
      Erases a job seeker on request: their name and email (everywhere they are
      shown), their user and API key, every take and video of their interviews,
      the phone number they gave, their emails and SMS and the webhook
      deliveries of their interviews. Their interviews are deleted, so
      integrators get InterviewDeleted (showing the erased name).

Environment: IDENTITY_GRPC_URL (default 127.0.0.1:50051), INTERVIEWS_GRPC_URL
(default 127.0.0.1:50053), NOTIFICATIONS_GRPC_URL (default 127.0.0.1:50055), INTERNAL_JWT_SECRET
(default: read from \${DATA_DIR:-./data}/local-secrets.json).`;

function internalSecret(): string {
  if (process.env.INTERNAL_JWT_SECRET) return process.env.INTERNAL_JWT_SECRET;
  const path = join(process.env.DATA_DIR ?? './data', 'local-secrets.json');
  if (existsSync(path)) return (JSON.parse(readFileSync(path, 'utf8')) as { INTERNAL_JWT_SECRET: string }).INTERNAL_JWT_SECRET;
  throw new Error('Set INTERNAL_JWT_SECRET (the same value the services use).');
}

function required(values: Record<string, unknown>, names: string[]): void {
  const missing = names.filter((n) => typeof values[n] !== 'string' || values[n] === '');
  if (missing.length > 0) throw new Error(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n\n${USAGE}`);
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      'admin-name': { type: 'string' },
      'admin-email': { type: 'string' },
      plan: { type: 'string' },
      company: { type: 'string' },
      interview: { type: 'string' },
      email: { type: 'string' },
      'scheduled-at': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  if (command === 'erase-job-seeker') {
    required(values, ['email']);
    const erased = await eraseJobSeeker(
      {
        identity: process.env.IDENTITY_GRPC_URL ?? '127.0.0.1:50051',
        interviews: process.env.INTERVIEWS_GRPC_URL ?? '127.0.0.1:50053',
        notifications: process.env.NOTIFICATIONS_GRPC_URL ?? '127.0.0.1:50055',
      },
      internalSecret(),
      values.email!,
    );
    console.log(
      `job seeker ${erased.userUuid} erased: ${erased.interviewUuids.length} interview(s) deleted and emptied, ${erased.messages} message(s) and ${erased.deliveries} webhook deliveries forgotten`,
    );
    return;
  }
  if (command === 'reset-interview') {
    required(values, ['interview']);
    const support = new SupportClient(process.env.INTERVIEWS_GRPC_URL ?? '127.0.0.1:50053', internalSecret());
    try {
      const interview = await support.resetInterview(values.interview!, values['scheduled-at']);
      console.log(`interview ${interview.uuid}: ${interview.status}, due ${interview.scheduled_at}`);
    } finally {
      support.close();
    }
    return;
  }
  const client = new OperatorClient(process.env.IDENTITY_GRPC_URL ?? '127.0.0.1:50051', internalSecret());
  try {
    switch (command) {
      case 'create-company': {
        required(values, ['name', 'admin-name', 'admin-email']);
        const created = await client.createCompany({
          name: values.name!,
          adminName: values['admin-name']!,
          adminEmail: values['admin-email']!,
          plan: values.plan ?? 'starter',
        });
        if (values.json) {
          console.log(JSON.stringify({ company_uuid: created.company_uuid, user_uuid: created.user_uuid, api_key: created.api_key }));
        } else {
          console.log(`company_uuid: ${created.company_uuid}\nuser_uuid:    ${created.user_uuid}\napi_key:      ${created.api_key}`);
        }
        break;
      }
      case 'set-plan': {
        required(values, ['company', 'plan']);
        const plan = await client.setPlan(values.company!, values.plan!);
        const pending = plan.downgrades_to ? ` (downgrades to ${plan.downgrades_to.name} at ${plan.downgrades_to.at})` : '';
        console.log(`plan: ${plan.name}${pending}`);
        break;
      }
      case 'list-plans': {
        for (const plan of await client.listPlans()) {
          const features = Object.entries(plan.features)
            .filter(([, on]) => on)
            .map(([f]) => f)
            .join(', ');
          console.log(
            `${plan.code.padEnd(12)} ${plan.name.padEnd(12)} jobs ${String(plan.jobs_limit).padStart(3)}  users ${String(plan.users_limit).padStart(3)}  ${features}`,
          );
        }
        break;
      }
      default:
        throw new Error(`Unknown command ${command}\n\n${USAGE}`);
    }
  } finally {
    client.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof AppError ? `${error.code}: ${error.reason}` : error instanceof Error ? error.message : String(error);
  console.error(message);
  process.exit(1);
});
