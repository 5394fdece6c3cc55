import { z } from 'zod';
import type { CompanyUser } from '../generated/identity';
import { CompanySummaryView, timestampView, uuidView } from './view-parts';

export const COMPANY_USER_ROLES = ['administrator', 'standard'] as const;

export const CompanyUserView = z
  .object({
    uuid: uuidView,
    active: z.boolean(),
    name: z.string(),
    email: z.string(),
    role: z.enum(COMPANY_USER_ROLES),
    avatar: z.string(),
    company: CompanySummaryView.nullable(),
    created_at: timestampView,
    updated_at: timestampView,
  })
  .meta({ id: 'CompanyUser' });

/** A user of the company (`GET /users/<uuid>`, the items of `GET /users`). */
export function companyUserJson(user: CompanyUser): z.output<typeof CompanyUserView> {
  return {
    uuid: user.uuid,
    active: user.active,
    name: user.name,
    email: user.email,
    role: user.role as z.output<typeof CompanyUserView>['role'],
    avatar: user.avatar,
    company: user.company ?? null,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}
