export { CLIENT_QUERY_ROOT, CLIENTS_PATH, useClientChoices } from './client-choices';
