import type { RoleCode } from '@sapa/contracts';

export const security = [{ bearer: [] }];
export const CS_TAGS = ['customer-service'];
/** Who configures the inbox and manages its people (spec §6: customers and CS config). */
export const CS_ADMINS: RoleCode[] = ['SAD', 'ADC', 'ADB'];
/** Admins plus supervisors: manage agents, see every room. */
export const CS_SUPERVISORS: RoleCode[] = ['SAD', 'ADC', 'ADB', 'USV'];
