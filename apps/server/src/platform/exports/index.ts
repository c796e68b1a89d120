export {
  createExports,
  EXPORT_JOB,
  type ExportJobData,
  type ExportProducer,
  type Exports,
  type ExportView,
  exportJobs,
  exportNotFound,
} from './exports.service.js';
