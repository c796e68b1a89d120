export { detectedMediaType, imageMimeTypeOf, storedMediaType } from './media-type.js';
export {
  createStorage,
  fileNotFound,
  fileUrl,
  type OwnFileLink,
  parseOwnFileLink,
  type Storage,
  type StoredFile,
} from './storage.js';
export { storageRoutes } from './storage.routes.js';
