-- A server.db as commerce_a11y/server/accounts.py at commit 16df226 wrote it: schema 2, today's: likeness rekeyed as listeners meet it.
-- Made through that commit's own Store (its create_account, remember, logged_in_from, save_table, owe ...),
-- then dumped with sqlite3's .dump; user_version as that code recorded it. Read by tests/test_store_upgrades.py.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE accounts (
    name text primary key collate nocase, hash text not null, created real not null, settings text not null,
    key text, disabled integer not null default 0
);
INSERT INTO accounts VALUES('Kim','$argon2id$v=19$m=19456,t=2,p=1$P4kqgPyftb4QiZSKcci1JQ$6BJh3zf7rBJOcrweNQTjr1BNIfVaNGcV/kuIbGmGSW4',1796453660.8387343883,'{}','kim',0);
INSERT INTO accounts VALUES('Ian','$argon2id$v=19$m=19456,t=2,p=1$P4kqgPyftb4QiZSKcci1JQ$6BJh3zf7rBJOcrweNQTjr1BNIfVaNGcV/kuIbGmGSW4',1796453660.8752431869,'{}','ian',0);
INSERT INTO accounts VALUES('Zoe','$argon2id$v=19$m=19456,t=2,p=1$P4kqgPyftb4QiZSKcci1JQ$6BJh3zf7rBJOcrweNQTjr1BNIfVaNGcV/kuIbGmGSW4',1796453660.8902976512,'{"lang": "de", "verbosity": "brief", "cards": "codes"}','zoe',0);
CREATE TABLE tables (
    id text primary key, name text not null unique collate nocase, spec text not null, updated real not null
);
INSERT INTO tables VALUES('t1','Left','{"ruleset": "commerce", "seats": 3, "host": "kim"}',1796453660.9011645317);
CREATE TABLE deliveries (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
INSERT INTO deliveries VALUES('kim','/records/a.jsonl',0);
CREATE TABLE news (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
INSERT INTO news VALUES('ian','/records/b.jsonl',1);
CREATE TABLE looks (look text primary key, account text not null);
INSERT INTO looks VALUES('Kirn','kim');
INSERT INTO looks VALUES('KlM','kim');
INSERT INTO looks VALUES('kim','kim');
INSERT INTO looks VALUES('kirn','kim');
INSERT INTO looks VALUES('ian','ian');
INSERT INTO looks VALUES('lAN','ian');
INSERT INTO looks VALUES('lan','ian');
INSERT INTO looks VALUES('ZOE','zoe');
INSERT INTO looks VALUES('Zoe','zoe');
INSERT INTO looks VALUES('zoe','zoe');
CREATE TABLE known (
    account text not null, address text not null, seen real not null, primary key (account, address)
);
INSERT INTO known VALUES('kim','ca721ccdd8d0e906d554c2e17c993fd1',1796453660.9011158942);
CREATE TABLE meta (name text primary key, value text not null);
INSERT INTO meta VALUES('address salt','94c7dbac49cc4930806872a934012c8a');
CREATE UNIQUE INDEX accounts_key on accounts (key) where not disabled;
COMMIT;
PRAGMA user_version = 2;
