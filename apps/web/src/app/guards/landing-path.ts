import {
  getDefaultDashboard,
  getLoginRedirect,
  isFeatureFlag,
  isRoleCode,
  type Session,
} from '@sapa/contracts';

/** Where this session lands after login (spec §6), by the contracts' shared rule. */
export function landingPathOf(session: Pick<Session, 'role' | 'features' | 'mainFeature'>): string {
  const features = session.features.filter(isFeatureFlag);
  const mainFeature = session.mainFeature;
  return isRoleCode(session.role)
    ? getLoginRedirect({ role: session.role, features, mainFeature })
    : getDefaultDashboard({ features, mainFeature });
}
