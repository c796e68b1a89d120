import { AppError, notFound } from '../../platform/errors.js';

export const customerNotFound = () => notFound('customer_not_found', 'Customer not found');
export const tagNotFound = () => notFound('tag_not_found', 'Tag not found');
export const tagExists = () => new AppError(409, 'tag_exists', 'A tag with this name already exists');
export const invalidPhoneNumber = () =>
  new AppError(400, 'invalid_phone_number', 'phoneNumber is not a valid phone number');
export const userDataNotEditable = (keys: string[]) =>
  new AppError(
    403,
    'user_data_not_editable',
    `The configuration does not let agents edit these customer data fields: ${keys.join(', ')}`,
  );
export const customerImportNotFound = () => notFound('import_not_found', 'No such customer import');
export const invalidBlacklistChannel = () =>
  new AppError(400, 'invalid_channel', 'channel is a channel name such as whatsapp, or all');
