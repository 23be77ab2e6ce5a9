-- A server.db as commerce_a11y/server/accounts.py at commit e2e8cb6 wrote it: the schema before identities.
-- Made through that commit's own Store (its create_account, remember, logged_in_from, save_table, owe ...),
-- then dumped with sqlite3's .dump; user_version as that code recorded it. Read by tests/test_store_upgrades.py.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE accounts (
    name text primary key collate nocase, hash text not null, created real not null, settings text not null
);
INSERT INTO accounts VALUES('Kim','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453659.9693000316,'{}');
INSERT INTO accounts VALUES('Kim','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453659.983480215,'{}');
INSERT INTO accounts VALUES('Ian','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453659.9944226742,'{}');
INSERT INTO accounts VALUES('lan','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0053706169,'{}');
INSERT INTO accounts VALUES('JÖRG','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0162706375,'{}');
INSERT INTO accounts VALUES('Jörg','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0273003578,'{}');
INSERT INTO accounts VALUES('Zoe','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0381159782,'{"lang": "de"}');
INSERT INTO accounts VALUES('ſam','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0491602421,'{}');
INSERT INTO accounts VALUES('Sam','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0608708858,'{}');
INSERT INTO accounts VALUES('Anna1','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0716230869,'{}');
INSERT INTO accounts VALUES('Аnna1','$argon2id$v=19$m=19456,t=2,p=1$Wk4hRQSQ3vuy82LwYpoyYQ$Be9gAz0WndW/3mkyeWivYFXrVkcWR8k2kiXw8VMEIuI',1796453660.0822279452,'{}');
CREATE TABLE tables (
    id text primary key, name text not null unique collate nocase, spec text not null, updated real not null
);
INSERT INTO tables VALUES('t1','Left','{"ruleset": "commerce", "seats": 3}',1796453660.0926914215);
CREATE TABLE deliveries (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
INSERT INTO deliveries VALUES('KIM','/records/a.jsonl',0);
INSERT INTO deliveries VALUES('Zoe','/records/b.jsonl',2);
COMMIT;
PRAGMA user_version = 0;
