-- A server.db as commerce_a11y/server/accounts.py at commit 7223425 wrote it: schema 1: identities and likeness (before the news table).
-- Made through that commit's own Store (its create_account, remember, logged_in_from, save_table, owe ...),
-- then dumped with sqlite3's .dump; user_version as that code recorded it. Read by tests/test_store_upgrades.py.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE accounts (
    name text primary key collate nocase, hash text not null, created real not null, settings text not null,
    key text, disabled integer not null default 0
);
INSERT INTO accounts VALUES('Kim','$argon2id$v=19$m=19456,t=2,p=1$iNYiC6Nz9cCn36ZZuYOJcQ$teiIB7GfXBQ55k40aQkjRYJT6bRwuH0fo9xmCArTnp8',1796453660.411618471,'{}','kim',0);
INSERT INTO accounts VALUES('Rene','$argon2id$v=19$m=19456,t=2,p=1$iNYiC6Nz9cCn36ZZuYOJcQ$teiIB7GfXBQ55k40aQkjRYJT6bRwuH0fo9xmCArTnp8',1796453660.4513206482,'{}','rene',0);
INSERT INTO accounts VALUES('René','$argon2id$v=19$m=19456,t=2,p=1$iNYiC6Nz9cCn36ZZuYOJcQ$teiIB7GfXBQ55k40aQkjRYJT6bRwuH0fo9xmCArTnp8',1796453660.4623334407,'{}','rené',0);
INSERT INTO accounts VALUES('Zoe','$argon2id$v=19$m=19456,t=2,p=1$iNYiC6Nz9cCn36ZZuYOJcQ$teiIB7GfXBQ55k40aQkjRYJT6bRwuH0fo9xmCArTnp8',1796453660.4733223915,'{"lang": "nl"}','zoe',0);
CREATE TABLE tables (
    id text primary key, name text not null unique collate nocase, spec text not null, updated real not null
);
INSERT INTO tables VALUES('t1','Left','{"ruleset": "commerce", "seats": 3}',1796453660.4840016365);
CREATE TABLE deliveries (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
INSERT INTO deliveries VALUES('kim','/records/a.jsonl',0);
CREATE TABLE looks (look text primary key, account text not null);
INSERT INTO looks VALUES('Kirn','kim');
INSERT INTO looks VALUES('kirn','kim');
INSERT INTO looks VALUES('Rene','rene');
INSERT INTO looks VALUES('rene','rene');
INSERT INTO looks VALUES('René','rené');
INSERT INTO looks VALUES('rené','rené');
INSERT INTO looks VALUES('Zoe','zoe');
INSERT INTO looks VALUES('zoe','zoe');
CREATE TABLE known (
    account text not null, address text not null, seen real not null, primary key (account, address)
);
INSERT INTO known VALUES('kim','37f740ea2935ab7fb0f394d2cda50b1f',1796453660.4838922023);
CREATE TABLE meta (name text primary key, value text not null);
INSERT INTO meta VALUES('address salt','070e62398b754bfb9b8b51b8f9469f8b');
CREATE UNIQUE INDEX accounts_key on accounts (key) where not disabled;
COMMIT;
PRAGMA user_version = 1;
