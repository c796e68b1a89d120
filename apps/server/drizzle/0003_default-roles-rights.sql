-- Default roles (spec §3 codes), rights and the set each role starts with (mirrors DEFAULT_RIGHTS and
-- DEFAULT_ROLE_RIGHTS in packages/contracts); the super admin edits them afterwards.
INSERT INTO "roles" ("role_code", "role_name", "role_description") VALUES
  ('SAD', 'Super admin', 'Super admin'),
  ('ADC', 'Admin', 'Admin'),
  ('ADU', 'Admin user', 'Admin user'),
  ('ADB', 'Admin brand', 'Admin brand'),
  ('USC', 'User', 'User'),
  ('USE', 'User template admin', 'User template admin'),
  ('USR', 'User report', 'User report'),
  ('USO', 'User outbound (self-service sender)', 'User outbound (self-service sender)'),
  ('USV', 'User supervisor', 'User supervisor'),
  ('USP', 'User OTP', 'User OTP')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "rights" ("right_code", "right_name", "right_description") VALUES
  ('USER_VIEW', 'View users', 'See the users of the client and their details'),
  ('USER_MANAGE', 'Manage users', 'Create and edit users; activate, deactivate, set pending, unlock and reactivate them'),
  ('CLIENT_MANAGE', 'Manage clients', 'Create, edit and deactivate clients'),
  ('ROLE_MANAGE', 'Manage roles and rights', 'Edit roles, rights and their mapping'),
  ('AUDIT_VIEW', 'View the audit trail', 'Read and export administrative changes'),
  ('TASK_CREATE', 'Propose changes', 'Make changes that wait for approval, and see the task lists'),
  ('TASK_APPROVE', 'Approve changes', 'Approve or reject changes other users proposed (maker-checker)'),
  ('MAIL_OUTBOX_VIEW', 'Read the sandbox mail outbox', 'Read mail the portal sent in embedded mode without SMTP'),
  ('API_SECRET_MANAGE', 'Manage the API secret', 'See and rotate the client''s secret for the public API')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_rights" ("role_code", "right_code") VALUES
  ('SAD', 'USER_VIEW'),
  ('SAD', 'USER_MANAGE'),
  ('SAD', 'CLIENT_MANAGE'),
  ('SAD', 'ROLE_MANAGE'),
  ('SAD', 'AUDIT_VIEW'),
  ('SAD', 'TASK_CREATE'),
  ('SAD', 'TASK_APPROVE'),
  ('SAD', 'MAIL_OUTBOX_VIEW'),
  ('SAD', 'API_SECRET_MANAGE'),
  ('ADC', 'USER_VIEW'),
  ('ADC', 'USER_MANAGE'),
  ('ADC', 'AUDIT_VIEW'),
  ('ADC', 'TASK_CREATE'),
  ('ADC', 'TASK_APPROVE'),
  ('ADC', 'API_SECRET_MANAGE'),
  ('ADB', 'USER_VIEW'),
  ('ADB', 'USER_MANAGE'),
  ('ADB', 'AUDIT_VIEW'),
  ('ADB', 'TASK_CREATE'),
  ('ADB', 'TASK_APPROVE'),
  ('ADU', 'USER_VIEW'),
  ('ADU', 'USER_MANAGE'),
  ('ADU', 'TASK_CREATE')
ON CONFLICT DO NOTHING;
