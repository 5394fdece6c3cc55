import { credentials } from '@grpc/grpc-js';
import { notifications } from '@vi/contracts';
import { PrincipalTokens, UpstreamClient } from '@vi/platform-grpc';
import { OperatorClient } from './operator-client';
import { SupportClient } from './support-client';

export interface ErasureAddresses {
  identity: string;
  interviews: string;
  notifications: string;
}

export interface Erasure {
  userUuid: string;
  interviewUuids: string[];
  messages: number;
  deliveries: number;
}

/**
 * Erases a job seeker on request (decision 019), in the order that leaves nothing behind if it stops half-way and
 * is run again: identity first (the name and email everyone shows, the user and their key), then interviews
 * (takes, videos, phone, the interviews themselves: InterviewDeleted tells integrators), then notifications (their
 * emails and SMS, and the deliveries of their interviews but InterviewDeleted). Running it again for an email
 * already erased finds no job seeker: `api.user_not_found`.
 */
export async function eraseJobSeeker(addresses: ErasureAddresses, internalJwtSecret: string, email: string): Promise<Erasure> {
  const operator = new OperatorClient(addresses.identity, internalJwtSecret);
  const support = new SupportClient(addresses.interviews, internalJwtSecret);
  const notificationsClient = new UpstreamClient(
    'notifications',
    new notifications.NotificationsServiceClient(addresses.notifications, credentials.createInsecure()),
    new PrincipalTokens(internalJwtSecret),
    { defaultDeadlineMs: 15_000 },
  );
  try {
    const erased = await operator.eraseJobSeeker(email);
    const interviewUuids = await support.eraseCandidate(erased);
    const forgotten = await notificationsClient.call(
      (c) => c.forgetInterviews,
      { interview_uuids: interviewUuids },
      { principal: { kind: 'service', service: 'admin-cli' } },
    );
    return { userUuid: erased.uuid, interviewUuids, messages: forgotten.messages, deliveries: forgotten.deliveries };
  } finally {
    operator.close();
    support.close();
    notificationsClient.close();
  }
}
