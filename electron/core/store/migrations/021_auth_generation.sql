-- A counter that moves whenever anything an authentication reads changes: an account (its
-- existence, its REST switch) or an API user (but not last_used_ts, written once a minute per
-- user). Triggers keep it, so writes by another process or by hand count too. The authenticator
-- remembers checks that passed under one value of it (domains/auth/authenticate.ts): a repeat
-- costs this one-row read instead of two lookups and an HMAC.
CREATE TABLE auth_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n  INTEGER NOT NULL
);
INSERT INTO auth_generation (id, n) VALUES (1, 0);

CREATE TRIGGER accounts_auth_insert AFTER INSERT ON accounts
BEGIN UPDATE auth_generation SET n = n + 1 WHERE id = 1; END;
CREATE TRIGGER accounts_auth_update AFTER UPDATE ON accounts
BEGIN UPDATE auth_generation SET n = n + 1 WHERE id = 1; END;
CREATE TRIGGER accounts_auth_delete AFTER DELETE ON accounts
BEGIN UPDATE auth_generation SET n = n + 1 WHERE id = 1; END;

CREATE TRIGGER api_users_auth_insert AFTER INSERT ON api_users
BEGIN UPDATE auth_generation SET n = n + 1 WHERE id = 1; END;
CREATE TRIGGER api_users_auth_update
  AFTER UPDATE OF id, company_id, username, password_hash, ip_whitelist, routes, methods, connector_id ON api_users
BEGIN UPDATE auth_generation SET n = n + 1 WHERE id = 1; END;
CREATE TRIGGER api_users_auth_delete AFTER DELETE ON api_users
BEGIN UPDATE auth_generation SET n = n + 1 WHERE id = 1; END;
