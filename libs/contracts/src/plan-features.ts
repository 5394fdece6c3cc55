/**
 * The features a plan switches on (`plans.features` in identity, `features` of GetCompanyPlan and of the company
 * events): the services that enforce one name it from here.
 */
export const PlanFeature = {
  ApiAccess: 'api_access',
  InterviewSmsNotifications: 'interview_sms_notifications',
  AdvancedShareLinks: 'advanced_share_links',
} as const;
export type PlanFeature = (typeof PlanFeature)[keyof typeof PlanFeature];
export const PLAN_FEATURES: readonly PlanFeature[] = Object.values(PlanFeature);
