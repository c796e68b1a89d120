import type { Database } from '../../platform/database.js';
import type { JobDefinition } from '../../platform/jobs.js';
import {
  CUSTOMER_IMPORT_JOB,
  type CustomerImportJobData,
  runCustomerImport,
} from './customers/customers.service.js';

/** Contacts' background jobs: customer imports, written chunk by chunk. */
export function contactsJobs(db: Database): JobDefinition<CustomerImportJobData>[] {
  return [{ name: CUSTOMER_IMPORT_JOB, retryLimit: 2, handler: (data) => runCustomerImport(db, data) }];
}
