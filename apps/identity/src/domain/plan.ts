import type { PlanFeature } from '@vi/contracts';

/** A plan of the catalogue; -1 limits mean unlimited. */
export interface PlanDefinition {
  code: string;
  name: string;
  rank: number;
  jobsLimit: number;
  usersLimit: number;
  features: Record<string, boolean>;
}

export const UNLIMITED = -1;

/** What is left of a limit; unlimited stays -1 and nothing goes below 0. */
export function remainingOf(limit: number, used: number, extraPaid = 0): number {
  if (limit === UNLIMITED) return UNLIMITED;
  return Math.max(0, limit + extraPaid - used);
}

/** The end of the current monthly billing period that started at `startedAt`. */
export function renewsAt(startedAt: Date, now: Date): Date {
  for (let months = 1; ; months++) {
    const candidate = new Date(startedAt);
    candidate.setUTCMonth(startedAt.getUTCMonth() + months);
    if (candidate > now) return candidate;
  }
}

/** Upgrades apply at once; downgrades at the end of the billing period. */
export function isDowngrade(from: PlanDefinition, to: PlanDefinition): boolean {
  return to.rank < from.rank;
}

export function hasFeature(plan: PlanDefinition, feature: PlanFeature): boolean {
  return plan.features[feature] === true;
}

/** A scheduled downgrade whose date has come is the plan in force. */
export function planInForce(
  company: { planCode: string; downgradePlanCode: string | null; downgradeAt: Date | null },
  now: Date,
): { code: string; downgradeDue: boolean } {
  if (company.downgradePlanCode && company.downgradeAt && company.downgradeAt <= now) {
    return { code: company.downgradePlanCode, downgradeDue: true };
  }
  return { code: company.planCode, downgradeDue: false };
}
