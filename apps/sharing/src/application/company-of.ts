import type { Principal } from '@vi/platform-grpc';
import { SharingError, SharingErrorCode } from '../domain/sharing.errors';

/** The company whose links a company user manages; anyone else gets `otherwise` (404 or 403). */
export function companyOf(principal: Principal, otherwise: SharingErrorCode): { companyUuid: string; userUuid: string } {
  if (principal.kind !== 'user' || principal.userType !== 'company_user' || !principal.companyUuid) throw new SharingError(otherwise);
  return { companyUuid: principal.companyUuid, userUuid: principal.userUuid };
}
