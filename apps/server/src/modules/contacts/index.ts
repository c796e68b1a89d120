// What other modules and the composition root may use of contacts: services, types and jobs, never tables.

export {
  ALL_CHANNELS,
  addToBlacklist,
  type BlacklistEntryInput,
  blacklistedAmong,
  createBlacklistEntry,
  isBlacklisted,
  removeFromBlacklist,
} from './blacklist/blacklist.service.js';
export type { ContactsDeps, CustomerAccess } from './contacts.deps.js';
export { customerNotFound } from './contacts.errors.js';
export { contactsJobs } from './contacts.jobs.js';
export { contactsRoutes } from './contacts.routes.js';
// The inbox calls these inside its own transactions: a room's arrival locks its customer's row.
export {
  ensureCustomer,
  findCustomerByPhone,
  mergeCustomerUserData,
} from './customers/customers.repository.js';
export {
  CUSTOMER_CSV_COLUMNS,
  CUSTOMER_IMPORT_JOB,
  type CustomerInput,
  customerRecords,
  exportCustomersCsv,
  saveCustomer,
  searchCustomers,
} from './customers/customers.service.js';
export type { CsCustomerRow as Customer } from './customers/customers.tables.js';
export { insertTagList } from './tags/tags.service.js';
