import { AppError } from '../../../platform/errors.js';

export const validationRunNotFound = () =>
  new AppError(404, 'validation_run_not_found', 'No validation run has this id.');
export const validationRunNotDone = () =>
  new AppError(409, 'validation_run_not_done', 'The run has not finished yet; download it when it is done.');
export const unsupportedValidationFile = () =>
  new AppError(400, 'unsupported_file', 'Upload a CSV or an XLSX file.');
export const emptyValidationFile = () => new AppError(400, 'empty_file', 'The file holds no numbers.');
