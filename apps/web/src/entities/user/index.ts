export { USER_QUERY_ROOT, USERS_PATH, type UserListFilter, userListKey, useUserList } from './user-list';
