import type { UserPrincipal, UserRole, UserType } from '@vi/platform-grpc';

export type { UserRole, UserType } from '@vi/platform-grpc';

export interface User {
  uuid: string;
  companyUuid: string | null;
  type: UserType;
  role: UserRole | null;
  name: string;
  email: string;
  avatarUrl: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface Company {
  uuid: string;
  name: string;
  website: string;
  summary: string;
  avatarUrl: string | null;
  horizontalLogoUrl: string | null;
  social: Record<string, string>;
  location: { uuid: string; formatted_address: string; google_place_id: string } | null;
  video: { url: string; mobile: string; embed: string; thumbnail: string } | null;
  industry: { uuid: string; name: string } | null;
  planCode: string;
  planStartedAt: Date;
  usersPaid: number;
  downgradePlanCode: string | null;
  downgradeAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Administrators may edit anyone in their company; others only themselves. */
export function canEditUser(principal: UserPrincipal, target: User): boolean {
  return principal.role === 'administrator' || principal.userUuid === target.uuid;
}

/** Emails are compared without regard to case (the database's `lower(email)` index does the same). */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
